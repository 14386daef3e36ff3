-- +goose Up
-- SEPA direct-debit mandates, one per order paid by SEPA. The IBAN is kept only as AES-256-GCM
-- ciphertext (base64 of nonce || ciphertext || tag, bound to the reference) with the id of the key
-- that sealed it, so keys can rotate; iban_masked is what every answer shows. Times are unix
-- milliseconds.
CREATE TABLE sepa_mandates (
    reference      TEXT PRIMARY KEY,
    order_id       TEXT NOT NULL UNIQUE,
    brand_id       INTEGER NOT NULL,
    creditor_id    TEXT NOT NULL,
    creditor_name  TEXT NOT NULL,
    holder         TEXT NOT NULL,
    iban_masked    TEXT NOT NULL,
    iban_sealed    TEXT NOT NULL,
    iban_key_id    TEXT NOT NULL,
    bic            TEXT NOT NULL,
    bank           TEXT NOT NULL,
    signed_at      BIGINT NOT NULL
);

-- +goose Down
DROP TABLE sepa_mandates;
