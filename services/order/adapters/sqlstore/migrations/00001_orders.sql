-- +goose Up
-- Times are unix milliseconds (BIGINT): one type that PostgreSQL and SQLite read back alike.
-- Customer, payment and feedback are JSON snapshots of what the order was placed with.
CREATE TABLE orders (
    id            TEXT PRIMARY KEY,
    code          TEXT NOT NULL UNIQUE,
    session_id    TEXT NOT NULL,
    brand_id      INTEGER NOT NULL,
    locale        TEXT NOT NULL,
    status        TEXT NOT NULL,
    sms_required  BOOLEAN NOT NULL,
    sms_validated BOOLEAN NOT NULL,
    payment_type  TEXT NOT NULL,
    customer      TEXT NOT NULL,
    payment       TEXT NOT NULL,
    feedback      TEXT NOT NULL,
    net_cents     BIGINT NOT NULL,
    vat_cents     BIGINT NOT NULL,
    gross_cents   BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX orders_session ON orders (session_id);

CREATE TABLE order_lines (
    order_id            TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position            INTEGER NOT NULL,
    item                TEXT NOT NULL,
    kind                TEXT NOT NULL,
    ref_id              INTEGER NOT NULL,
    name                TEXT NOT NULL,
    maturity_id         INTEGER NOT NULL,
    interval_id         INTEGER NOT NULL,
    vat_percent         DOUBLE PRECISION NOT NULL,
    net_cents           BIGINT NOT NULL,
    gross_cents         BIGINT NOT NULL,
    setup_fee_net_cents BIGINT NOT NULL,
    discount_net_cents  BIGINT NOT NULL,
    promotion           TEXT NOT NULL,
    PRIMARY KEY (order_id, position)
);

-- One row per (session, Idempotency-Key): the primary key is what makes concurrent submits of one
-- key race for a single insert. The reference is checked at commit because the row is written
-- first, before its order, so that a losing submit stops at its first statement.
CREATE TABLE order_idempotency (
    session_id   TEXT NOT NULL,
    idem_key     TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    order_id     TEXT NOT NULL REFERENCES orders (id) DEFERRABLE INITIALLY DEFERRED,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (session_id, idem_key)
);

-- Events written in the transaction that caused them; the relay publishes and marks them.
CREATE TABLE order_outbox (
    id           TEXT PRIMARY KEY,
    subject      TEXT NOT NULL,
    msg_id       TEXT NOT NULL,
    payload      TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    published_at BIGINT
);
CREATE INDEX order_outbox_pending ON order_outbox (created_at) WHERE published_at IS NULL;

-- The current SMS code of an order, hashed (HMAC-SHA256 under salt, both hex).
CREATE TABLE order_sms_codes (
    order_id  TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    phone     TEXT NOT NULL,
    salt      TEXT NOT NULL,
    hash      TEXT NOT NULL,
    issued_at BIGINT NOT NULL,
    attempts  INTEGER NOT NULL,
    used      BOOLEAN NOT NULL
);

-- +goose Down
DROP TABLE order_sms_codes;
DROP TABLE order_outbox;
DROP TABLE order_idempotency;
DROP TABLE order_lines;
DROP TABLE orders;
