-- ADR 0099: the per-endpoint rate limit's window, counted on the endpoint's row
-- (one atomic UPDATE per attempt: every worker process shares it, attempts in flight included).
ALTER TABLE webhook_endpoint
  ADD COLUMN rate_window_start timestamptz,
  ADD COLUMN rate_window_count integer NOT NULL DEFAULT 0;
