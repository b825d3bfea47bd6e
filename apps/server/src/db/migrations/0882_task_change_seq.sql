-- docs/performance.md: the task list's count of matching tasks is kept per process and read again only
-- when the fleet's tasks changed. `task_seq` is bumped, like `seq`, by every change notice that
-- names tasks (FleetChanges.notify, kind 'task'); the list reads it with its page.
ALTER TABLE fleet_change ADD COLUMN task_seq bigint NOT NULL DEFAULT 0;
