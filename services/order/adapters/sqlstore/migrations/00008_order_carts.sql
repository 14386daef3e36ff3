-- +goose Up
-- The cart revision each order was placed from (domain.CartRevision: the cart's version and rows):
-- the primary key makes one state of a session's cart make at most one order, whatever the
-- Idempotency-Key, even when the cart could not be cleared after the order (SEPA, bank transfer and
-- account orders have no payment reference to stop a second one).
CREATE TABLE order_carts (
    session_id TEXT NOT NULL,
    revision   TEXT NOT NULL,
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    PRIMARY KEY (session_id, revision)
);

-- +goose Down
DROP TABLE order_carts;
