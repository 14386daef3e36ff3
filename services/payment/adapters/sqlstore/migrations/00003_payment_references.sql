-- +goose Up
-- Every card authorisation (provider card, the psp reference) and PayPal subscription (provider
-- paypal, the subscription id) the service made, so the reconciliation can void those no order
-- used: state open until an order is found to have used it (paid) or it was voided at the
-- provider (voided). A reconciler claims open rows with claimed_until (a lease), so replicas never
-- void one twice. Times are unix milliseconds.
CREATE TABLE payment_references (
    provider       TEXT NOT NULL,
    reference      TEXT NOT NULL,
    session_id     TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    state          TEXT NOT NULL DEFAULT 'open',
    claimed_until  BIGINT,
    attempts       INTEGER NOT NULL DEFAULT 0,
    settled_at     BIGINT,
    PRIMARY KEY (provider, reference)
);
CREATE INDEX payment_references_open ON payment_references (state, created_at);

-- +goose Down
DROP TABLE payment_references;
