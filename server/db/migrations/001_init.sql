-- Core schema: every entity of docs/product.md §3. Times are instants (timestamptz); site-time-zone days
-- are computed at query time or stored as a `date` in the site zone where noted.

CREATE TABLE app_meta (
  key   text PRIMARY KEY,
  value text NOT NULL
);

-- Teams the collector polls, with the team info of the latest successful poll.
CREATE TABLE teams (
  tag                 text PRIMARY KEY,
  tracked             boolean NOT NULL DEFAULT true,
  team_id             bigint,
  name                text,
  tag_color           text,
  created_stamp       timestamptz,
  captain_username    text,
  captain_display_name text,
  min_races           integer,
  min_speed           integer,
  weekly_requirement  integer,
  other_requirements  text,
  added_at            timestamptz NOT NULL DEFAULT now(),
  last_polled_at      timestamptz
);

-- The last raw response per team, and every response that could not be parsed.
CREATE TABLE raw_responses (
  tag         text PRIMARY KEY,
  fetched_at  timestamptz NOT NULL,
  http_status integer NOT NULL,
  body        text NOT NULL
);
CREATE TABLE failed_responses (
  id          bigserial PRIMARY KEY,
  tag         text NOT NULL,
  fetched_at  timestamptz NOT NULL,
  http_status integer,
  error       text NOT NULL,
  body        text
);

CREATE TABLE racers (
  user_id       bigint PRIMARY KEY,
  username      text NOT NULL UNIQUE,
  display_name  text,
  first_seen    timestamptz NOT NULL,
  last_seen     timestamptz NOT NULL
);

-- Admin-set bot flags (bot = 1 in the spec's rows).
CREATE TABLE bot_flags (
  user_id     bigint PRIMARY KEY REFERENCES racers(user_id),
  flagged_by  text,
  flagged_at  timestamptz NOT NULL DEFAULT now()
);

-- Team membership periods; left_at IS NULL means a current member.
CREATE TABLE memberships (
  id          bigserial PRIMARY KEY,
  tag         text NOT NULL REFERENCES teams(tag),
  user_id     bigint NOT NULL REFERENCES racers(user_id),
  join_stamp  timestamptz,
  role        text,
  first_seen  timestamptz NOT NULL,
  last_seen   timestamptz NOT NULL,
  left_at     timestamptz
);
CREATE UNIQUE INDEX memberships_current ON memberships (tag, user_id) WHERE left_at IS NULL;
CREATE INDEX memberships_user ON memberships (user_id);

-- The latest counters of each member of each team: the baseline the next poll is diffed against.
CREATE TABLE member_snapshots (
  tag            text NOT NULL,
  user_id        bigint NOT NULL,
  taken_at       timestamptz NOT NULL,
  played         bigint NOT NULL,
  races_played   bigint NOT NULL,
  typed          bigint NOT NULL,
  errs           bigint NOT NULL,
  secs           bigint NOT NULL,
  avg_speed      double precision,
  highest_speed  double precision,
  display_name   text,
  PRIMARY KEY (tag, user_id)
);

-- One 10-minute batch per racer and team: raw deltas, so every aggregate is exact.
CREATE TABLE batches (
  user_id         bigint NOT NULL,
  tag             text NOT NULL,
  end_time        timestamptz NOT NULL,
  races           integer NOT NULL,
  lifetime_races  integer NOT NULL,
  typed           bigint NOT NULL,
  errs            bigint NOT NULL,
  secs            bigint NOT NULL,
  points          double precision NOT NULL,
  display_name    text,
  PRIMARY KEY (user_id, end_time, tag)
);
CREATE INDEX batches_end_time ON batches (end_time);
CREATE INDEX batches_tag_end_time ON batches (tag, end_time);

-- Rollups per racer and team: UTC hour, and site-time-zone day.
CREATE TABLE hourly_rollups (
  user_id         bigint NOT NULL,
  tag             text NOT NULL,
  hour            timestamptz NOT NULL,
  races           integer NOT NULL,
  lifetime_races  integer NOT NULL,
  typed           bigint NOT NULL,
  errs            bigint NOT NULL,
  secs            bigint NOT NULL,
  points          double precision NOT NULL,
  PRIMARY KEY (user_id, hour, tag)
);
CREATE INDEX hourly_rollups_hour ON hourly_rollups (hour);
CREATE INDEX hourly_rollups_tag_hour ON hourly_rollups (tag, hour);

CREATE TABLE daily_rollups (
  user_id         bigint NOT NULL,
  tag             text NOT NULL,
  day             date NOT NULL,
  day_start       timestamptz NOT NULL,
  races           integer NOT NULL,
  lifetime_races  integer NOT NULL,
  typed           bigint NOT NULL,
  errs            bigint NOT NULL,
  secs            bigint NOT NULL,
  points          double precision NOT NULL,
  PRIMARY KEY (user_id, day, tag)
);
CREATE INDEX daily_rollups_day ON daily_rollups (day);
CREATE INDEX daily_rollups_tag_day ON daily_rollups (tag, day);

CREATE TABLE collector_runs (
  id           bigserial PRIMARY KEY,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz,
  snapshot_at  timestamptz NOT NULL,
  teams_ok     integer NOT NULL DEFAULT 0,
  teams_failed integer NOT NULL DEFAULT 0
);

CREATE TABLE events (
  event_id          serial PRIMARY KEY,
  title             text NOT NULL,
  description       text NOT NULL DEFAULT '',
  start_time        timestamptz NOT NULL,
  end_time          timestamptz NOT NULL,
  default_sort      text NOT NULL DEFAULT 'Races',
  min_races         integer,
  qualifying_races  integer,
  race_increment    integer,
  payout_increment  bigint,
  cap               double precision,
  acc_bonus96       double precision,
  acc_bonus98       double precision,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (end_time >= start_time)
);
CREATE TABLE event_teams (
  event_id  integer NOT NULL REFERENCES events(event_id) ON DELETE CASCADE,
  tag       text NOT NULL,
  position  integer NOT NULL,
  PRIMARY KEY (event_id, tag)
);

-- Squad of a member within a team ('' never stored: no row means Unassigned).
CREATE TABLE squad_assignments (
  tag      text NOT NULL,
  user_id  bigint NOT NULL,
  squad    text NOT NULL,
  PRIMARY KEY (tag, user_id)
);
CREATE TABLE squad_names (
  tag          text NOT NULL,
  squad        text NOT NULL,
  custom_name  text NOT NULL,
  PRIMARY KEY (tag, squad)
);

CREATE TABLE users (
  id             serial PRIMARY KEY,
  username       text NOT NULL UNIQUE,
  password_hash  text NOT NULL,
  role           text NOT NULL DEFAULT 'teamadmin',
  user_id        text,
  team_tag       text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_login     timestamptz
);

-- Sessions are stored by the SHA-256 of their id, so a database dump reveals no live cookie.
CREATE TABLE sessions (
  id_hash     text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE audit_log (
  id      bigserial PRIMARY KEY,
  at      timestamptz NOT NULL DEFAULT now(),
  actor   text NOT NULL,
  action  text NOT NULL,
  detail  jsonb NOT NULL DEFAULT '{}'::jsonb
);
INSERT INTO app_meta (key, value) VALUES ('data_version', '0');
