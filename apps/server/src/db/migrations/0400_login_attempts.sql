-- Sign-in attempts are counted before the password is checked (ADR 0041), and also per
-- account and client address together: scope ACCOUNT_IP, key = the e-mail, ip = the address.
ALTER TABLE login_failure DROP CONSTRAINT login_failure_scope_check;
ALTER TABLE login_failure ADD CONSTRAINT login_failure_scope_check
  CHECK (scope IN ('ACCOUNT', 'IP', 'ACCOUNT_IP'));
ALTER TABLE login_failure ADD COLUMN ip text;
CREATE INDEX login_failure_pair_idx ON login_failure (key, ip, failed_at) WHERE scope = 'ACCOUNT_IP';
