-- docs/performance.md (bench/tasks.ts): the managers' list — a fleet's active tasks, soonest due first
-- then the most urgent — read in the order of the page from an index, 50 rows at a time,
-- instead of sorting every active task of the fleet for each page.
CREATE INDEX task_fleet_active_order_idx
  ON task (fleet_id, due_at NULLS LAST, priority_rank DESC, created_at, id)
  WHERE status IN ('OPEN', 'IN_PROGRESS');
