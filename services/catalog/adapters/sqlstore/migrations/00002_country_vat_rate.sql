-- +goose Up
-- The standard VAT percent of the EU members (0 outside the EU VAT area), for the session VAT rule
-- (domain/vat.go).
ALTER TABLE countries ADD COLUMN vat_rate REAL NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE countries DROP COLUMN vat_rate;
