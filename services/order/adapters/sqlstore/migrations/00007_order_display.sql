-- +goose Up
-- What the confirm page printed (issue 23): per line domain.LineDisplay (hidden row, hidden zero
-- price, term, interval, the line's price presentation), per order domain.TotalsDisplay (display
-- mode and the cart's presentation), as JSON. The confirmation mail lists those rows and figures;
-- NULL for orders placed before they were kept.
ALTER TABLE order_lines ADD COLUMN display TEXT;
ALTER TABLE orders ADD COLUMN display TEXT;

-- +goose Down
ALTER TABLE order_lines DROP COLUMN display;
ALTER TABLE orders DROP COLUMN display;
