-- Weekly requirement and strikes. The team's staff may override the game's weekly requirement
-- (NULL: the game's; 0: none), choose how many weeks a strike counts (1-52, default 4) and a
-- weekday (0 Sunday .. 6 Saturday; NULL: off) for the Discord "members at risk" post.
CREATE TABLE team_requirement_settings (
  tag              text PRIMARY KEY REFERENCES teams(tag),
  weekly_override  integer CHECK (weekly_override IS NULL OR weekly_override >= 0),
  strike_weeks     integer NOT NULL DEFAULT 4 CHECK (strike_weeks BETWEEN 1 AND 52),
  at_risk_weekday  smallint CHECK (at_risk_weekday BETWEEN 0 AND 6),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Each closed week is judged once per team (the key makes a second judging a no-op), with the
-- requirement that applied; its strikes are written in the same transaction.
CREATE TABLE requirement_weeks (
  tag          text NOT NULL REFERENCES teams(tag),
  week_start   date NOT NULL,
  requirement  integer,
  judged_at    timestamptz NOT NULL,
  PRIMARY KEY (tag, week_start)
);

-- A member below what they owed (pro rata) for a judged week. Kept after expiry: the history.
CREATE TABLE requirement_strikes (
  tag         text NOT NULL,
  week_start  date NOT NULL,
  user_id     bigint NOT NULL REFERENCES racers(user_id),
  owed        integer NOT NULL,
  races       integer NOT NULL,
  PRIMARY KEY (tag, week_start, user_id),
  FOREIGN KEY (tag, week_start) REFERENCES requirement_weeks (tag, week_start)
);
CREATE INDEX requirement_strikes_user ON requirement_strikes (user_id);
