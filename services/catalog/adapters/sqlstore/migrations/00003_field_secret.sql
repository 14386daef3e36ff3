-- +goose Up
-- A field whose value is a secret (an access code, a key) whatever its input_component: the order
-- keeps such values sealed (issue 20). Password fields are secret without the mark.
ALTER TABLE additional_fields ADD COLUMN is_secret BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE additional_fields DROP COLUMN is_secret;
