-- +goose Up
-- Order drafts (spec §4 order draft, §6): a draft is a session of its own, reached with a session
-- code kept only as its SHA-256 hash. version goes up with every save (optimistic concurrency
-- between the agent and the customer); cart_snapshot is the cart as last saved.
CREATE TABLE order_drafts (
    id                TEXT PRIMARY KEY,
    brand_id          INTEGER NOT NULL,
    session_id        TEXT NOT NULL UNIQUE,
    session_code_hash TEXT NOT NULL UNIQUE,
    status            TEXT NOT NULL,
    version           BIGINT NOT NULL,
    customer_number   TEXT NOT NULL,
    created_by        TEXT NOT NULL,
    saved_by          TEXT NOT NULL,
    cart_snapshot     TEXT NOT NULL,
    order_id          TEXT NOT NULL,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);

-- +goose Down
DROP TABLE order_drafts;
