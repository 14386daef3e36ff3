-- Promotions of every brand with their localised discount labels and the lists that restrict them.
-- Written in the SQL PostgreSQL and SQLite share. Validity bounds are Unix seconds (UTC), NULL when
-- open, so both databases compare them the same way.

-- +goose Up
CREATE TABLE promotions (
    id           INTEGER          PRIMARY KEY,
    brand_id     INTEGER          NOT NULL,
    code         TEXT             NOT NULL,
    type         TEXT             NOT NULL CHECK (type IN ('product', 'addon', 'upsell', 'domain')),
    value_type   TEXT             NOT NULL CHECK (value_type IN ('percentage', 'fixed')),
    percent      DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (percent >= 0 AND percent <= 100),
    value_cents  INTEGER          NOT NULL DEFAULT 0 CHECK (value_cents >= 0),
    is_recurring BOOLEAN          NOT NULL DEFAULT FALSE,
    recurs_for   INTEGER          NOT NULL DEFAULT 0 CHECK (recurs_for >= 0),
    is_automatic BOOLEAN          NOT NULL DEFAULT FALSE,
    is_active    BOOLEAN          NOT NULL DEFAULT TRUE,
    applies_to   TEXT             NOT NULL DEFAULT 'all' CHECK (applies_to IN ('all', 'ids', 'tlds')),
    for_addon    BOOLEAN          NOT NULL DEFAULT FALSE,
    for_upsell   BOOLEAN          NOT NULL DEFAULT FALSE,
    valid_from   BIGINT,
    valid_until  BIGINT,
    -- Codes are stored upper case; one code names one promotion per brand.
    UNIQUE (brand_id, code)
);

CREATE TABLE promotion_labels (
    promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    locale       TEXT    NOT NULL,
    label        TEXT    NOT NULL,
    PRIMARY KEY (promotion_id, locale)
);

-- Catalog ids the promotion applies to (applies_to = 'ids').
CREATE TABLE promotion_items (
    promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    item_id      INTEGER NOT NULL,
    PRIMARY KEY (promotion_id, item_id)
);

-- TLDs the promotion applies to (applies_to = 'tlds'), lower case without a leading dot.
CREATE TABLE promotion_tlds (
    promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    tld          TEXT    NOT NULL,
    PRIMARY KEY (promotion_id, tld)
);

-- Catalog ids of which one must be in the same cart item.
CREATE TABLE promotion_requires (
    promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    item_id      INTEGER NOT NULL,
    PRIMARY KEY (promotion_id, item_id)
);

-- Supported maturity and interval months.
CREATE TABLE promotion_terms (
    promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('maturity', 'interval')),
    months       INTEGER NOT NULL CHECK (months >= 0),
    PRIMARY KEY (promotion_id, kind, months)
);

-- +goose Down
DROP TABLE promotion_terms;
DROP TABLE promotion_requires;
DROP TABLE promotion_tlds;
DROP TABLE promotion_items;
DROP TABLE promotion_labels;
DROP TABLE promotions;
