-- Six-hour rollups (UTC blocks starting 00:00, 06:00, 12:00 and 18:00), derived from hourly_rollups
-- by the triggers of migration 010: a rolling 24-hour window then reads a few rows per racer
-- instead of up to a dozen hourly ones.

CREATE TABLE team_six_hour_rollups (
  tag text NOT NULL, block timestamptz NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (block, tag)
);
CREATE TABLE racer_six_hour_rollups (
  user_id bigint NOT NULL, tag text NOT NULL, block timestamptz NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (user_id, block, tag)
);
CREATE INDEX racer_six_hour_rollups_block ON racer_six_hour_rollups (block);

CREATE OR REPLACE FUNCTION leaderboard_rollup_targets(source text)
RETURNS TABLE (target text, keys text, exprs text) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.target, t.keys, t.exprs FROM (VALUES
    ('hourly_rollups', 'team_hourly_rollups', 'tag, hour', 'tag, hour'),
    ('hourly_rollups', 'team_six_hour_rollups', 'tag, block', 'tag, date_bin(''6 hours'', hour, timestamptz ''2000-01-01 00:00:00+00'')'),
    ('hourly_rollups', 'racer_six_hour_rollups', 'user_id, tag, block', 'user_id, tag, date_bin(''6 hours'', hour, timestamptz ''2000-01-01 00:00:00+00'')'),
    ('daily_rollups', 'team_daily_rollups', 'tag, day', 'tag, day'),
    ('daily_rollups', 'team_weekly_rollups', 'tag, week', 'tag, day - extract(dow FROM day)::int'),
    ('daily_rollups', 'team_monthly_rollups', 'tag, month', 'tag, date_trunc(''month'', day::timestamp)::date'),
    ('daily_rollups', 'racer_weekly_rollups', 'user_id, tag, week', 'user_id, tag, day - extract(dow FROM day)::int'),
    ('daily_rollups', 'racer_monthly_rollups', 'user_id, tag, month', 'user_id, tag, date_trunc(''month'', day::timestamp)::date')
  ) AS t(src, target, keys, exprs)
  WHERE src = source
$$;

-- Hourly rollups written before this migration, in time order as the triggers would have written them.
INSERT INTO team_six_hour_rollups (tag, block, races, typed, errs, secs, points)
SELECT tag, date_bin('6 hours', hour, timestamptz '2000-01-01 00:00:00+00'), sum(races), sum(typed), sum(errs), sum(secs), sum(points)
  FROM hourly_rollups GROUP BY 1, 2 ORDER BY 2, 1;
INSERT INTO racer_six_hour_rollups (user_id, tag, block, races, typed, errs, secs, points)
SELECT user_id, tag, date_bin('6 hours', hour, timestamptz '2000-01-01 00:00:00+00'), sum(races), sum(typed), sum(errs), sum(secs), sum(points)
  FROM hourly_rollups GROUP BY 1, 2, 3 ORDER BY 3, 1;
