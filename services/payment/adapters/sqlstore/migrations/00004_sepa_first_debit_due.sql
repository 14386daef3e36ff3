-- +goose Up
-- The day the first debit of a mandate falls due (YYYY-MM-DD, a day in Germany and Austria),
-- recorded when the mandate is made at the order's placement: the order's confirmation announces
-- it as the pre-notification and collection debits on it (issue 23). Mandates recorded before
-- carry '' and are read with the same rule from their signing time (paymenttypes.FirstDebitDue).
ALTER TABLE sepa_mandates ADD COLUMN first_debit_due TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE sepa_mandates DROP COLUMN first_debit_due;
