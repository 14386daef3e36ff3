-- +goose Up
-- The ways to pay each brand offers (spec §3 payment type); names by locale as a JSON object.
CREATE TABLE payment_types (
    brand_id                INTEGER NOT NULL,
    slug                    TEXT NOT NULL,
    sort_order              INTEGER NOT NULL,
    is_active               BOOLEAN NOT NULL,
    sms_validation_required BOOLEAN NOT NULL,
    names                   TEXT NOT NULL,
    PRIMARY KEY (brand_id, slug)
);

-- +goose Down
DROP TABLE payment_types;
