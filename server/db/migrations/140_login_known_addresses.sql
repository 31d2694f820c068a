-- Addresses (an IPv4 address or an IPv6 /64) a username has logged in from successfully. The
-- global per-username login throttle does not hold back these, so an attacker guessing from
-- elsewhere cannot lock the owner out (server/db/login-throttle.ts).
CREATE TABLE login_known_addresses (
  user_key        text NOT NULL,
  address         text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_key, address)
);
CREATE INDEX login_known_addresses_last ON login_known_addresses (last_success_at);
