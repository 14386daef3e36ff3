-- +goose Up
-- The VIES evidence of the customer's VAT id as the customer service recorded it when the order was
-- placed (domain.VATIDCheck as JSON: vat id, valid/invalid/unavailable, consultation number, the
-- trader's name and address when shared, checked-at time); NULL when no check was made. A column of
-- its own beside the customer snapshot: it is the proof behind a reverse-charge invoice.
ALTER TABLE orders ADD COLUMN vat_id_check TEXT;

-- +goose Down
ALTER TABLE orders DROP COLUMN vat_id_check;
