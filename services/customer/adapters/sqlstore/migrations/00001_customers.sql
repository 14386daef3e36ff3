-- +goose Up
-- Existing customers (spec §3 customer): who they are, where they live, and the subject they log
-- in with at their brand's OpenID authority.
CREATE TABLE customers (
    customer_no    TEXT PRIMARY KEY,
    brand_id       INTEGER NOT NULL,
    login_subject  TEXT,
    customer_group INTEGER NOT NULL,
    gender         INTEGER NOT NULL,
    first_name     TEXT NOT NULL,
    last_name      TEXT NOT NULL,
    company_name   TEXT NOT NULL DEFAULT '',
    company_vat_id TEXT NOT NULL DEFAULT '',
    email          TEXT NOT NULL,
    street         TEXT NOT NULL,
    postal_code    TEXT NOT NULL,
    city           TEXT NOT NULL,
    country_code   TEXT NOT NULL,
    phone          TEXT NOT NULL DEFAULT '',
    UNIQUE (brand_id, login_subject)
);

-- +goose Down
DROP TABLE customers;
