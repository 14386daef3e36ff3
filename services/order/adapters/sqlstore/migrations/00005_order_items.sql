-- +goose Up
-- The configuration of every cart item as ordered (domain.ItemConfig as JSON): periods,
-- promotions, informations (contract transfer ids), additional field values, domains with their
-- type; auth codes and password fields sealed (key id and ciphertext, bound to the order).
ALTER TABLE orders ADD COLUMN items TEXT NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE orders DROP COLUMN items;
