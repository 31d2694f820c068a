-- Coarser rollups for the leaderboards, derived from hourly_rollups and daily_rollups and kept
-- equal to their sums by statement triggers on every insert, update, delete and truncate:
--   team_hourly_rollups, team_daily_rollups, team_weekly_rollups, team_monthly_rollups: per team
--     (every racer of the team, bots included; the team board subtracts flagged racers' own rows);
--   racer_weekly_rollups, racer_monthly_rollups: per racer and team.
-- Weeks (Sunday start) and months are site-zone calendar units, derived from daily_rollups.day.

CREATE TABLE team_hourly_rollups (
  tag text NOT NULL, hour timestamptz NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (hour, tag)
);
CREATE TABLE team_daily_rollups (
  tag text NOT NULL, day date NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (day, tag)
);
CREATE TABLE team_weekly_rollups (
  tag text NOT NULL, week date NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (week, tag)
);
CREATE TABLE team_monthly_rollups (
  tag text NOT NULL, month date NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (month, tag)
);
CREATE TABLE racer_weekly_rollups (
  user_id bigint NOT NULL, tag text NOT NULL, week date NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (user_id, week, tag)
);
CREATE INDEX racer_weekly_rollups_week ON racer_weekly_rollups (week);
CREATE TABLE racer_monthly_rollups (
  user_id bigint NOT NULL, tag text NOT NULL, month date NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (user_id, month, tag)
);
CREATE INDEX racer_monthly_rollups_month ON racer_monthly_rollups (month);

-- The derived tables of a source table: key columns, and the expressions that compute them from
-- the source's columns.
CREATE FUNCTION leaderboard_rollup_targets(source text)
RETURNS TABLE (target text, keys text, exprs text) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.target, t.keys, t.exprs FROM (VALUES
    ('hourly_rollups', 'team_hourly_rollups', 'tag, hour', 'tag, hour'),
    ('daily_rollups', 'team_daily_rollups', 'tag, day', 'tag, day'),
    ('daily_rollups', 'team_weekly_rollups', 'tag, week', 'tag, day - extract(dow FROM day)::int'),
    ('daily_rollups', 'team_monthly_rollups', 'tag, month', 'tag, date_trunc(''month'', day::timestamp)::date'),
    ('daily_rollups', 'racer_weekly_rollups', 'user_id, tag, week', 'user_id, tag, day - extract(dow FROM day)::int'),
    ('daily_rollups', 'racer_monthly_rollups', 'user_id, tag, month', 'user_id, tag, date_trunc(''month'', day::timestamp)::date')
  ) AS t(src, target, keys, exprs)
  WHERE src = source
$$;

-- Adds the statement's net change (new rows minus old rows) to every derived table.
CREATE FUNCTION leaderboard_rollups_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text;
  t record;
BEGIN
  FOR t IN SELECT * FROM leaderboard_rollup_targets(TG_TABLE_NAME) LOOP
    IF TG_OP = 'TRUNCATE' THEN
      EXECUTE format('TRUNCATE %I', t.target);
      CONTINUE;
    END IF;
    delta := CASE TG_OP
      WHEN 'INSERT' THEN format('SELECT %s, races, typed, errs, secs, points FROM new_rows', t.exprs)
      WHEN 'UPDATE' THEN format('SELECT %s, races, typed, errs, secs, points FROM new_rows
                                 UNION ALL SELECT %s, -races, -typed, -errs, -secs, -points FROM old_rows', t.exprs, t.exprs)
      ELSE format('SELECT %s, -races, -typed, -errs, -secs, -points FROM old_rows', t.exprs)
    END;
    EXECUTE format(
      'INSERT INTO %I AS t (%s, races, typed, errs, secs, points)
       SELECT %s, sum(races), sum(typed), sum(errs), sum(secs), sum(points) FROM (%s) AS d (%s, races, typed, errs, secs, points)
        GROUP BY %s
       ON CONFLICT (%s) DO UPDATE SET races = t.races + excluded.races, typed = t.typed + excluded.typed,
         errs = t.errs + excluded.errs, secs = t.secs + excluded.secs, points = t.points + excluded.points',
      t.target, t.keys, t.keys, delta, t.keys, t.keys, t.keys);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER leaderboard_rollups_ins AFTER INSERT ON hourly_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_rollups_sync();
CREATE TRIGGER leaderboard_rollups_upd AFTER UPDATE ON hourly_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_rollups_sync();
CREATE TRIGGER leaderboard_rollups_del AFTER DELETE ON hourly_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_rollups_sync();
CREATE TRIGGER leaderboard_rollups_trunc AFTER TRUNCATE ON hourly_rollups
  FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_rollups_sync();

CREATE TRIGGER leaderboard_rollups_ins AFTER INSERT ON daily_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_rollups_sync();
CREATE TRIGGER leaderboard_rollups_upd AFTER UPDATE ON daily_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_rollups_sync();
CREATE TRIGGER leaderboard_rollups_del AFTER DELETE ON daily_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_rollups_sync();
CREATE TRIGGER leaderboard_rollups_trunc AFTER TRUNCATE ON daily_rollups
  FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_rollups_sync();

-- Rollups written before this migration.
DO $$
DECLARE
  t record;
  src text;
BEGIN
  FOREACH src IN ARRAY ARRAY['hourly_rollups', 'daily_rollups'] LOOP
    FOR t IN SELECT * FROM leaderboard_rollup_targets(src) LOOP
      EXECUTE format(
        'INSERT INTO %I (%s, races, typed, errs, secs, points)
         SELECT %s, sum(races), sum(typed), sum(errs), sum(secs), sum(points) FROM %I GROUP BY %s',
        t.target, t.keys, t.exprs, src, t.exprs);
    END LOOP;
  END LOOP;
END $$;
