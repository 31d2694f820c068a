-- Secrets the server makes for itself, each created once on first use and never sent or logged:
-- today the key that signs login device cookies (server/auth/device-cookie.ts).
CREATE TABLE server_secrets (
  name   text PRIMARY KEY,
  secret text NOT NULL
);
