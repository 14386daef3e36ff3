-- +goose Up
-- The provider reference an order is paid with (a card authorisation's psp reference, a PayPal
-- subscription id): the primary key makes one reference pay at most one order, whatever races
-- between submits of different attempts.
CREATE TABLE order_payment_refs (
    provider  TEXT NOT NULL,
    reference TEXT NOT NULL,
    order_id  TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    PRIMARY KEY (provider, reference)
);

-- +goose Down
DROP TABLE order_payment_refs;
