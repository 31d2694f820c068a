-- Staff accounts: case-insensitive unique usernames, failed-login throttling, audit log order.

CREATE UNIQUE INDEX users_username_lower ON users (lower(username));

-- Failed logins per key ('ip:<address>' or 'user:<lower-case username>'), counted while failures keep
-- coming within the window; blocked_until is set past a threshold and doubles with each failure.
CREATE TABLE login_failures (
  key            text PRIMARY KEY,
  failures       integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  blocked_until  timestamptz
);

CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
