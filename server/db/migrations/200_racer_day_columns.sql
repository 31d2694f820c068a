-- A racer's closed site days packed for the racer page (server/db/racer-day-columns.ts): each column
-- of one day's batches as comma-joined JSON values in history order, with the day's totals from
-- daily_rollups when it was packed. A pack whose totals no longer match is not used.
CREATE TABLE racer_day_columns (
  user_id        bigint NOT NULL,
  day            date NOT NULL,
  races_sum      bigint NOT NULL,
  typed_sum      bigint NOT NULL,
  secs_sum       bigint NOT NULL,
  end_times      text NOT NULL,
  tags           text NOT NULL,
  names          text NOT NULL,
  races          text NOT NULL,
  lifetime_races text NOT NULL,
  typed          text NOT NULL,
  errs           text NOT NULL,
  secs           text NOT NULL,
  PRIMARY KEY (user_id, day)
);
