-- Discord: one webhook per team (the URL is a secret: only its last characters ever leave the
-- server) and the posts it wants, plus the outbox of messages. A message is enqueued once per
-- (team, kind, period), sent, and marked sent; a failure or a 429 moves next_attempt_at on.
CREATE TABLE discord_webhooks (
  tag              text PRIMARY KEY,
  url              text NOT NULL,
  event_standings  boolean NOT NULL DEFAULT true,
  daily_top        boolean NOT NULL DEFAULT true,
  member_log       boolean NOT NULL DEFAULT false,
  updated_at       timestamptz NOT NULL,
  updated_by       text NOT NULL
);

CREATE TABLE discord_outbox (
  id               bigserial PRIMARY KEY,
  tag              text NOT NULL,
  kind             text NOT NULL,
  period           text NOT NULL,
  payload          jsonb NOT NULL,
  status           text NOT NULL DEFAULT 'pending',
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  next_attempt_at  timestamptz NOT NULL,
  sent_at          timestamptz,
  last_error       text,
  UNIQUE (tag, kind, period)
);
CREATE INDEX discord_outbox_due ON discord_outbox (next_attempt_at) WHERE status = 'pending';
