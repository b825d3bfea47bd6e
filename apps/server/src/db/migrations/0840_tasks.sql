-- ADR 0090, 0091: field work. A task sends somebody to one bike; a bulk creation
-- makes one task per bike. Status OPEN → IN_PROGRESS → DONE | CANCELLED, back to OPEN only by
-- a reopen. Automatic tasks carry their cause (an alert kind): at most one open automatic task
-- per bike and cause, whatever the retries of the job that opens them.
CREATE TABLE task (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  kind text NOT NULL
    CHECK (kind IN ('BATTERY_SWAP', 'REPAIR', 'INSPECT', 'REBALANCE', 'RECOVER', 'CUSTOM')),
  title text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'OPEN'
    CHECK (status IN ('OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED')),
  priority text NOT NULL DEFAULT 'NORMAL' CHECK (priority IN ('LOW', 'NORMAL', 'HIGH', 'URGENT')),
  -- 0 LOW … 3 URGENT: the list's order by priority without a CASE per row
  priority_rank smallint GENERATED ALWAYS AS (
    CASE priority WHEN 'URGENT' THEN 3 WHEN 'HIGH' THEN 2 WHEN 'NORMAL' THEN 1 ELSE 0 END
  ) STORED,
  due_at timestamptz,
  assignee_id uuid REFERENCES account (id) ON DELETE SET NULL,
  notes text NOT NULL DEFAULT '',
  -- the checked items of the kind's checklist (the items themselves are defined in code)
  checked text[] NOT NULL DEFAULT '{}',
  -- the alert kind that opened it; null for a task created by hand
  cause text,
  alert_id uuid REFERENCES alert (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES account (id) ON DELETE SET NULL,
  started_at timestamptz,
  started_by uuid REFERENCES account (id) ON DELETE SET NULL,
  closed_at timestamptz,
  closed_by uuid REFERENCES account (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX task_one_open_automatic_idx ON task (bike_id, cause)
  WHERE cause IS NOT NULL AND status IN ('OPEN', 'IN_PROGRESS');
-- the task list: a fleet's active tasks by due time, and an assignee's
CREATE INDEX task_fleet_active_idx ON task (fleet_id, due_at NULLS LAST, id)
  WHERE status IN ('OPEN', 'IN_PROGRESS');
CREATE INDEX task_assignee_active_idx ON task (assignee_id, due_at NULLS LAST)
  WHERE status IN ('OPEN', 'IN_PROGRESS');
CREATE INDEX task_fleet_created_idx ON task (fleet_id, created_at DESC, id);
CREATE INDEX task_bike_idx ON task (bike_id, created_at DESC);

-- A task's history: every change with who (null: VFM itself) and when.
CREATE TABLE task_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id uuid NOT NULL REFERENCES task (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  action text NOT NULL,
  actor_id uuid REFERENCES account (id) ON DELETE SET NULL,
  data jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX task_history_task_idx ON task_history (task_id, id);

-- Maintenance schedules (docs/tasks.md): every N km ridden, every N days or every N charge cycles,
-- for the bikes of a vehicle type (model) and/or a group, or the whole fleet. The sweep
-- (queue tasks.maintenance) opens a REPAIR task with the cause MAINTENANCE_DUE when a bike is
-- due; finishing it starts the bike's next period (its baseline).
CREATE TABLE maintenance_schedule (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- a vehicle type (bike.model), or null: every type
  model text,
  -- a group (its bikes directly in it), or null: every group
  group_id uuid REFERENCES fleet_group (id) ON DELETE CASCADE,
  every_km double precision CHECK (every_km > 0),
  every_days integer CHECK (every_days > 0),
  every_cycles integer CHECK (every_cycles > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES account (id) ON DELETE SET NULL,
  CHECK (every_km IS NOT NULL OR every_days IS NOT NULL OR every_cycles IS NOT NULL)
);
CREATE INDEX maintenance_schedule_fleet_idx ON maintenance_schedule (fleet_id);

-- Where a bike's current period of a schedule started: when it was first seen by the schedule,
-- then each time its maintenance task was done.
CREATE TABLE maintenance_baseline (
  schedule_id uuid NOT NULL REFERENCES maintenance_schedule (id) ON DELETE CASCADE,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  since timestamptz NOT NULL,
  odometer_km double precision NOT NULL DEFAULT 0,
  charge_cycles integer NOT NULL DEFAULT 0,
  PRIMARY KEY (schedule_id, bike_id)
);

ALTER TABLE task ADD COLUMN schedule_id uuid REFERENCES maintenance_schedule (id) ON DELETE SET NULL;
