-- The TLD catalogue: domain groups, one row per TLD and brand, localised notices and names, and
-- the additional fields domains of a TLD ask for. Written in the SQL PostgreSQL and SQLite share.

-- +goose Up
CREATE TABLE domain_groups (
    id        INTEGER PRIMARY KEY,
    slug      TEXT    NOT NULL UNIQUE,
    sort      INTEGER NOT NULL DEFAULT 0,
    is_active BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE domain_group_texts (
    group_id INTEGER NOT NULL REFERENCES domain_groups (id) ON DELETE CASCADE,
    locale   TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    PRIMARY KEY (group_id, locale)
);

CREATE TABLE tlds (
    id             INTEGER          PRIMARY KEY,
    brand_id       INTEGER          NOT NULL,
    tld            TEXT             NOT NULL,
    tld2           TEXT             NOT NULL,
    group_id       INTEGER          NOT NULL REFERENCES domain_groups (id),
    contractlength INTEGER          NOT NULL DEFAULT 12 CHECK (contractlength > 0),
    is_active      BOOLEAN          NOT NULL DEFAULT TRUE,
    interval_vat   DOUBLE PRECISION NOT NULL CHECK (interval_vat >= 0),
    price_cents    INTEGER          NOT NULL CHECK (price_cents >= 0),
    setupfee_cents INTEGER          NOT NULL DEFAULT 0 CHECK (setupfee_cents >= 0),
    privacy        BOOLEAN          NOT NULL DEFAULT FALSE,
    sort_id        INTEGER          NOT NULL DEFAULT 0,
    top_tld        BOOLEAN          NOT NULL DEFAULT FALSE,
    idn            BOOLEAN          NOT NULL DEFAULT FALSE,
    external_id    TEXT             NOT NULL DEFAULT '',
    article_name   TEXT             NOT NULL DEFAULT '',
    UNIQUE (brand_id, tld)
);

CREATE TABLE tld_notices (
    tld_id INTEGER NOT NULL REFERENCES tlds (id) ON DELETE CASCADE,
    locale TEXT    NOT NULL,
    notice TEXT    NOT NULL,
    PRIMARY KEY (tld_id, locale)
);

CREATE TABLE domain_fields (
    id               INTEGER PRIMARY KEY,
    field_key        TEXT    NOT NULL UNIQUE,
    sort             INTEGER NOT NULL DEFAULT 0,
    validation_rules TEXT    NOT NULL DEFAULT '',
    input_component  TEXT    NOT NULL DEFAULT 'text',
    is_postponed     BOOLEAN NOT NULL DEFAULT FALSE,
    prefilled_with   TEXT    NOT NULL DEFAULT ''
);

CREATE TABLE domain_field_texts (
    field_id INTEGER NOT NULL REFERENCES domain_fields (id) ON DELETE CASCADE,
    locale   TEXT    NOT NULL,
    label    TEXT    NOT NULL,
    headline TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (field_id, locale)
);

-- Fields belong to the TLD name, whichever brand sells it.
CREATE TABLE tld_fields (
    tld      TEXT    NOT NULL,
    field_id INTEGER NOT NULL REFERENCES domain_fields (id) ON DELETE CASCADE,
    PRIMARY KEY (tld, field_id)
);

-- +goose Down
DROP TABLE tld_fields;
DROP TABLE domain_field_texts;
DROP TABLE domain_fields;
DROP TABLE tld_notices;
DROP TABLE tlds;
DROP TABLE domain_group_texts;
DROP TABLE domain_groups;
