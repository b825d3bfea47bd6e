-- ADR 0127 (docs/reports.md): reports sent on a schedule. A schedule names its period (the last
-- day, ISO week or month when it comes round), its scope, its file (PDF or XLSX) and its
-- recipients; each recipient gets the report at `hour` of their own time zone (their account's,
-- else the schedule's). Each (recipient, period, trigger) is one delivery and one job of the
-- queue reports.deliver, retried on its own: one recipient's failure holds no other back.
CREATE TABLE report_schedule (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  name text NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('DAILY', 'WEEKLY', 'MONTHLY')),
  format text NOT NULL CHECK (format IN ('pdf', 'xlsx')),
  group_id uuid REFERENCES fleet_group (id) ON DELETE CASCADE,
  zone_id uuid REFERENCES zone (id) ON DELETE CASCADE,
  recipients text[] NOT NULL,
  time_zone text NOT NULL,
  hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  -- the first day of the next period to send (its deliveries are made once it has ended)
  next_from date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_schedule_fleet_idx ON report_schedule (fleet_id, lower(name));
CREATE INDEX report_schedule_due_idx ON report_schedule (next_from);

CREATE TABLE report_delivery (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  schedule_id uuid NOT NULL REFERENCES report_schedule (id) ON DELETE CASCADE,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  recipient text NOT NULL,
  period_from date NOT NULL,
  period_to date NOT NULL,
  -- 'schedule', or 'now:<time>' for a "send now"
  trigger text NOT NULL,
  send_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (schedule_id, recipient, period_from, trigger)
);
CREATE INDEX report_delivery_schedule_idx ON report_delivery (schedule_id, created_at DESC);
