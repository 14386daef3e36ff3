-- +goose Up
-- The order confirmation mail of each order, recorded by the mail consumer (adapters/ordermail)
-- so that a redelivered order.finalized event does not send it twice. A row is claimed (status
-- 'sending', claimed_at) before the mail goes to the server and marked 'sent' (or 'rejected' when
-- the server refused it for good) afterwards; a claim older than the consumer's lease belongs to
-- an attempt that died and may be taken over. claimed_at 0 is a claim given back after an outage.
CREATE TABLE mails_sent (
    order_id   TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    recipient  TEXT NOT NULL,
    status     TEXT NOT NULL,
    claimed_at BIGINT NOT NULL,
    attempts   INTEGER NOT NULL,
    sent_at    BIGINT,
    detail     TEXT NOT NULL
);

-- +goose Down
DROP TABLE mails_sent;
