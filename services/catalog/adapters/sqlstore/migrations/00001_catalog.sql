-- The catalog schema. One file serves PostgreSQL and SQLite: only types and syntax both accept are
-- used, ids come from the seed (no sequences), and texts live in *_texts tables, one row per locale.

-- +goose Up
CREATE TABLE brands (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    slug       TEXT    NOT NULL UNIQUE,
    fqdn       TEXT    NOT NULL UNIQUE,
    is_visible BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE brand_locales (
    brand_id      INTEGER NOT NULL REFERENCES brands (id),
    code          TEXT    NOT NULL,
    label         TEXT    NOT NULL,
    fallback_code TEXT    NOT NULL DEFAULT '',
    is_default    BOOLEAN NOT NULL DEFAULT FALSE,
    sort_order    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (brand_id, code)
);

CREATE TABLE brand_properties (
    brand_id   INTEGER NOT NULL REFERENCES brands (id),
    prop_key   TEXT    NOT NULL,
    prop_value TEXT    NOT NULL,
    PRIMARY KEY (brand_id, prop_key)
);

CREATE TABLE countries (
    id           INTEGER PRIMARY KEY,
    code         TEXT    NOT NULL UNIQUE,
    phone_prefix TEXT    NOT NULL,
    sort_order   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE country_texts (
    country_id INTEGER NOT NULL REFERENCES countries (id),
    locale     TEXT    NOT NULL,
    name       TEXT,
    PRIMARY KEY (country_id, locale)
);

CREATE TABLE zip_codes (
    country_code TEXT NOT NULL,
    code         TEXT NOT NULL,
    city         TEXT NOT NULL,
    PRIMARY KEY (country_code, code, city)
);

CREATE TABLE payment_intervals (
    id           INTEGER PRIMARY KEY,
    brand_id     INTEGER          NOT NULL REFERENCES brands (id),
    months       INTEGER          NOT NULL,
    interval_vat DOUBLE PRECISION NOT NULL,
    is_active    BOOLEAN          NOT NULL DEFAULT TRUE,
    is_default   BOOLEAN          NOT NULL DEFAULT FALSE,
    UNIQUE (brand_id, months)
);

CREATE TABLE categories (
    id         INTEGER PRIMARY KEY,
    brand_id   INTEGER NOT NULL REFERENCES brands (id),
    slug       TEXT    NOT NULL,
    icon       TEXT    NOT NULL DEFAULT '',
    is_addon   BOOLEAN NOT NULL DEFAULT FALSE,
    is_visible BOOLEAN NOT NULL DEFAULT TRUE,
    sort_order INTEGER NOT NULL DEFAULT 0,
    UNIQUE (brand_id, slug)
);

CREATE TABLE category_texts (
    category_id    INTEGER NOT NULL REFERENCES categories (id),
    locale         TEXT    NOT NULL,
    name           TEXT,
    description    TEXT,
    description2   TEXT,
    product_notice TEXT,
    PRIMARY KEY (category_id, locale)
);

CREATE TABLE product_types (
    id   INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE
);

CREATE TABLE products (
    id                  INTEGER PRIMARY KEY,
    brand_id            INTEGER NOT NULL REFERENCES brands (id),
    category_id         INTEGER NOT NULL REFERENCES categories (id),
    type_id             INTEGER NOT NULL REFERENCES product_types (id),
    is_active           BOOLEAN NOT NULL DEFAULT TRUE,
    is_hidden           BOOLEAN NOT NULL DEFAULT FALSE,
    hide_in_cart        BOOLEAN NOT NULL DEFAULT FALSE,
    is_highlight        BOOLEAN NOT NULL DEFAULT FALSE,
    domain_capable      BOOLEAN NOT NULL DEFAULT FALSE,
    qty_max             INTEGER NOT NULL DEFAULT 0,
    sort_order          INTEGER NOT NULL DEFAULT 0,
    external_product_id TEXT    NOT NULL DEFAULT '',
    sms_validation      BOOLEAN NOT NULL DEFAULT FALSE,
    is_domainrequired   INTEGER NOT NULL DEFAULT 0,
    free_tld_amount     INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX products_brand_idx ON products (brand_id, sort_order);

CREATE TABLE product_texts (
    product_id             INTEGER NOT NULL REFERENCES products (id),
    locale                 TEXT    NOT NULL,
    name                   TEXT,
    tagline                TEXT,
    description            TEXT,
    upsell_headline        TEXT,
    advantages_headline    TEXT,
    advantages_button_text TEXT,
    -- Lists are stored one entry per line.
    advantages             TEXT,
    disadvantages          TEXT,
    PRIMARY KEY (product_id, locale)
);

CREATE TABLE product_attributes (
    product_id INTEGER NOT NULL REFERENCES products (id),
    attr_key   TEXT    NOT NULL,
    attr_value TEXT    NOT NULL,
    PRIMARY KEY (product_id, attr_key)
);

CREATE TABLE product_free_tlds (
    product_id INTEGER NOT NULL REFERENCES products (id),
    tld        TEXT    NOT NULL,
    sort_order INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, tld)
);

CREATE TABLE payment_maturities (
    id                 INTEGER PRIMARY KEY,
    product_id         INTEGER NOT NULL REFERENCES products (id),
    months             INTEGER NOT NULL,
    price_cents        INTEGER NOT NULL,
    setup_fee_cents    INTEGER NOT NULL DEFAULT 0,
    cancelation_period INTEGER NOT NULL DEFAULT 0,
    is_active          BOOLEAN NOT NULL DEFAULT TRUE,
    is_default         BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE INDEX payment_maturities_product_idx ON payment_maturities (product_id);

CREATE TABLE maturity_intervals (
    maturity_id INTEGER NOT NULL REFERENCES payment_maturities (id),
    interval_id INTEGER NOT NULL REFERENCES payment_intervals (id),
    PRIMARY KEY (maturity_id, interval_id)
);

CREATE TABLE addon_groups (
    id       INTEGER PRIMARY KEY,
    brand_id INTEGER NOT NULL REFERENCES brands (id),
    name     TEXT    NOT NULL,
    UNIQUE (brand_id, name)
);

CREATE TABLE addon_group_texts (
    group_id            INTEGER NOT NULL REFERENCES addon_groups (id),
    locale              TEXT    NOT NULL,
    display_name        TEXT,
    display_description TEXT,
    PRIMARY KEY (group_id, locale)
);

CREATE TABLE addon_group_rules (
    group_id  INTEGER NOT NULL REFERENCES addon_groups (id),
    rule_type TEXT    NOT NULL,
    PRIMARY KEY (group_id, rule_type)
);

CREATE TABLE product_addons (
    id                      INTEGER PRIMARY KEY,
    product_id              INTEGER NOT NULL REFERENCES products (id),
    addon_id                INTEGER NOT NULL REFERENCES products (id),
    is_recommended          BOOLEAN NOT NULL DEFAULT FALSE,
    recommended_addon_order INTEGER NOT NULL DEFAULT 0,
    is_promoted             BOOLEAN NOT NULL DEFAULT FALSE,
    promoted_addon_order    INTEGER NOT NULL DEFAULT 0,
    UNIQUE (product_id, addon_id)
);

CREATE TABLE product_addon_groups (
    product_addon_id INTEGER NOT NULL REFERENCES product_addons (id),
    group_id         INTEGER NOT NULL REFERENCES addon_groups (id),
    PRIMARY KEY (product_addon_id, group_id)
);

CREATE TABLE product_upsells (
    product_id INTEGER NOT NULL REFERENCES products (id),
    upsell_id  INTEGER NOT NULL REFERENCES products (id),
    sort_order INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, upsell_id)
);

CREATE TABLE product_upsell_texts (
    product_id                INTEGER NOT NULL,
    upsell_id                 INTEGER NOT NULL,
    locale                    TEXT    NOT NULL,
    headline                  TEXT,
    disadvantages_headline    TEXT,
    disadvantages             TEXT,
    disadvantages_button_text TEXT,
    PRIMARY KEY (product_id, upsell_id, locale),
    FOREIGN KEY (product_id, upsell_id) REFERENCES product_upsells (product_id, upsell_id)
);

CREATE TABLE additional_fields (
    id               INTEGER PRIMARY KEY,
    field_key        TEXT    NOT NULL UNIQUE,
    input_component  TEXT    NOT NULL,
    validation_rules TEXT    NOT NULL DEFAULT '',
    is_postponed     BOOLEAN NOT NULL DEFAULT FALSE,
    prefilled_with   TEXT    NOT NULL DEFAULT ''
);

CREATE TABLE additional_field_texts (
    field_id INTEGER NOT NULL REFERENCES additional_fields (id),
    locale   TEXT    NOT NULL,
    label    TEXT,
    headline TEXT,
    PRIMARY KEY (field_id, locale)
);

CREATE TABLE product_additional_fields (
    product_id INTEGER NOT NULL REFERENCES products (id),
    field_id   INTEGER NOT NULL REFERENCES additional_fields (id),
    sort_order INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, field_id)
);

-- +goose Down
DROP TABLE product_additional_fields;
DROP TABLE additional_field_texts;
DROP TABLE additional_fields;
DROP TABLE product_upsell_texts;
DROP TABLE product_upsells;
DROP TABLE product_addon_groups;
DROP TABLE product_addons;
DROP TABLE addon_group_rules;
DROP TABLE addon_group_texts;
DROP TABLE addon_groups;
DROP TABLE maturity_intervals;
DROP TABLE payment_maturities;
DROP TABLE product_free_tlds;
DROP TABLE product_attributes;
DROP TABLE product_texts;
DROP TABLE products;
DROP TABLE product_types;
DROP TABLE category_texts;
DROP TABLE categories;
DROP TABLE payment_intervals;
DROP TABLE zip_codes;
DROP TABLE country_texts;
DROP TABLE countries;
DROP TABLE brand_properties;
DROP TABLE brand_locales;
DROP TABLE brands;
