-- Web push: one row per device that opted in (its push service endpoint and keys are secrets: never
-- sent back nor logged), what it wants, when its app was last opened (the badge counts what came
-- after), the last board position seen per chosen board ("someone passed me"), and the outbox of
-- messages, each queued once per (device, kind, period), at most a few per device and site day.
CREATE TABLE push_subscriptions (
  id                bigserial PRIMARY KEY,
  endpoint          text NOT NULL UNIQUE,
  p256dh            text NOT NULL,
  auth              text NOT NULL,
  -- Where the app was opened: messages link back to its screens there.
  app_origin        text NOT NULL,
  -- The racer the device said it is ("This is me"); needed for every personal message.
  username          text,
  passed_board      text CHECK (passed_board IN ('24hour', '7day')),
  passed_scope      text NOT NULL DEFAULT 'individual' CHECK (passed_scope IN ('individual', 'team')),
  event_ended       boolean NOT NULL DEFAULT false,
  requirement_risk  boolean NOT NULL DEFAULT false,
  -- The staff user who asked for the daily "members need attention" summary.
  staff_user        integer REFERENCES users(id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  seen_at           timestamptz NOT NULL
);

CREATE TABLE push_positions (
  subscription_id  bigint NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  board            text NOT NULL,
  position         integer NOT NULL,
  PRIMARY KEY (subscription_id, board)
);

CREATE TABLE push_outbox (
  id               bigserial PRIMARY KEY,
  subscription_id  bigint NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  kind             text NOT NULL,
  period           text NOT NULL,
  day              date NOT NULL,
  payload          jsonb NOT NULL,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'sending', 'sent', 'unknown', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  next_attempt_at  timestamptz NOT NULL,
  attempted_at     timestamptz,
  sent_at          timestamptz,
  last_error       text,
  UNIQUE (subscription_id, kind, period)
);
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX push_outbox_day ON push_outbox (subscription_id, day);
