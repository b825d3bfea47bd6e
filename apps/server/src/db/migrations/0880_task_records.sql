-- docs/tasks.md–5 (ADR 0100): what a done task leaves behind. A battery swap records the battery
-- fitted (its charge, and its number when the battery has one) — the bike's battery record is
-- updated from it in the same transaction; any task may record the parts used and their cost
-- (the bike page's service book).
ALTER TABLE task
  ADD COLUMN swap_battery_level smallint CHECK (swap_battery_level BETWEEN 0 AND 100),
  ADD COLUMN swap_battery_number text,
  ADD COLUMN parts text NOT NULL DEFAULT '',
  ADD COLUMN cost_amount numeric(12, 2) CHECK (cost_amount >= 0),
  ADD COLUMN cost_currency text CHECK (cost_currency ~ '^[A-Z]{3}$'),
  ADD CONSTRAINT task_cost_with_currency CHECK ((cost_amount IS NULL) = (cost_currency IS NULL));

