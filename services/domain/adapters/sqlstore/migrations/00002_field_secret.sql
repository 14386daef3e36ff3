-- +goose Up
-- A domain field whose value is a secret (an access code) whatever its input_component: the order
-- keeps such values sealed (issue 20).
ALTER TABLE domain_fields ADD COLUMN is_secret BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE domain_fields DROP COLUMN is_secret;
