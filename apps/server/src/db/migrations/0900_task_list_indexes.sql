-- ADR 0105: the task list reads each page from an index in its exact order — the
-- sort with its tie-breakers — for the filters the screens send, and a keyset page (`after`,
-- the last row's key) starts inside that index instead of counting OFFSET rows from its start.
-- The keys are ascending expressions so that one row comparison `(k1, k2, …) > ($1, $2, …)` is
-- the index's bound (a mixed ASC/DESC order cannot be one):
--   due:      coalesce(due_at, 'infinity') (= due_at NULLS LAST), -priority_rank (the most urgent
--             first), created_at, id
--   priority: -priority_rank, coalesce(due_at, 'infinity'), created_at, id
--   created:  created_at DESC, id DESC (read backwards: one direction too)
-- For: the active tasks with or without a kind, by due time and by priority; one status, or all,
-- by due time (the Tasks page's status menu); all, newest first (a bike's tasks go by its own
-- index, task_bike_idx). The indexes of 0840 and 0881 they replace are dropped.
DROP INDEX IF EXISTS task_fleet_active_idx;
DROP INDEX IF EXISTS task_fleet_active_order_idx;
DROP INDEX IF EXISTS task_fleet_created_idx;

CREATE INDEX task_active_due_idx
  ON task (fleet_id, coalesce(due_at, 'infinity'::timestamptz), (-priority_rank), created_at, id)
  WHERE status IN ('OPEN', 'IN_PROGRESS');
CREATE INDEX task_active_kind_due_idx
  ON task (fleet_id, kind, coalesce(due_at, 'infinity'::timestamptz), (-priority_rank), created_at,
           id)
  WHERE status IN ('OPEN', 'IN_PROGRESS');
CREATE INDEX task_active_priority_idx
  ON task (fleet_id, (-priority_rank), coalesce(due_at, 'infinity'::timestamptz), created_at, id)
  WHERE status IN ('OPEN', 'IN_PROGRESS');
CREATE INDEX task_active_kind_priority_idx
  ON task (fleet_id, kind, (-priority_rank), coalesce(due_at, 'infinity'::timestamptz), created_at,
           id)
  WHERE status IN ('OPEN', 'IN_PROGRESS');
-- one status (done and cancelled tasks pile up over the years), and all of them
CREATE INDEX task_status_due_idx
  ON task (fleet_id, status, coalesce(due_at, 'infinity'::timestamptz), (-priority_rank),
           created_at, id);
CREATE INDEX task_due_idx
  ON task (fleet_id, coalesce(due_at, 'infinity'::timestamptz), (-priority_rank), created_at, id);
CREATE INDEX task_created_idx ON task (fleet_id, created_at DESC, id DESC);
