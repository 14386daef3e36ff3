-- +goose Up
-- The sweep of abandoned SEPA mandates (issue 20): a mandate is recorded while its order is being
-- placed, before the order commits; one whose order never committed would keep a sealed IBAN of a
-- visitor who never ordered. state is open until the order service is found to carry the mandate
-- (ordered: never touched again) or the sweep abandoned it (abandoned: holder, IBAN, BIC and bank
-- wiped, reference, order id, brand, creditor and times kept as the audit trail). A sweeper claims
-- open rows with claimed_until (a lease), so replicas never take one row twice. Times are unix
-- milliseconds.
ALTER TABLE sepa_mandates ADD COLUMN state TEXT NOT NULL DEFAULT 'open';
ALTER TABLE sepa_mandates ADD COLUMN claimed_until BIGINT;
ALTER TABLE sepa_mandates ADD COLUMN settled_at BIGINT;
CREATE INDEX sepa_mandates_open ON sepa_mandates (state, signed_at);

-- +goose Down
DROP INDEX sepa_mandates_open;
ALTER TABLE sepa_mandates DROP COLUMN settled_at;
ALTER TABLE sepa_mandates DROP COLUMN claimed_until;
ALTER TABLE sepa_mandates DROP COLUMN state;
