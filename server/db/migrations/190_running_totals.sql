-- Plain leaderboard storage (server/db/running-totals.ts): the derived tables, triggers and SQL functions
-- of migrations 010, 060, 070, 080, 100, 110 and 120 go; running_totals (each racer's counters per team
-- up to the end of every site day, kept by the batch writer) is built from daily_rollups.

-- The trigger functions first: CASCADE takes their triggers on hourly_rollups and daily_rollups.
DROP FUNCTION IF EXISTS leaderboard_rollups_sync() CASCADE;
DROP FUNCTION IF EXISTS racer_unit_sums_sync() CASCADE;
DROP FUNCTION IF EXISTS racer_running_sums_sync() CASCADE;
DROP FUNCTION IF EXISTS leaderboard_rollup_targets(text);
DROP FUNCTION IF EXISTS racer_unit_grains();
DROP FUNCTION IF EXISTS pack_racer_units(text, date[]);
DROP FUNCTION IF EXISTS racer_board_line(bigint, bigint, bigint, bigint, bigint, double precision);
DROP FUNCTION IF EXISTS pack_trailing_sums(integer);
DROP FUNCTION IF EXISTS pack_running_sums(date);

DROP TABLE IF EXISTS team_hourly_rollups, team_six_hour_rollups, team_daily_rollups, team_weekly_rollups,
  team_monthly_rollups, racer_six_hour_rollups, racer_weekly_rollups, racer_monthly_rollups,
  trailing_totals, trailing_anchor, trailing_sums, racer_unit_sums, racer_running_sums;

CREATE TABLE running_totals (
  day     date NOT NULL,
  user_id bigint NOT NULL,
  tag     text NOT NULL,
  races   bigint NOT NULL,
  typed   bigint NOT NULL,
  errs    bigint NOT NULL,
  secs    bigint NOT NULL,
  points  double precision NOT NULL,
  PRIMARY KEY (day, user_id, tag)
);

INSERT INTO running_totals (day, user_id, tag, races, typed, errs, secs, points)
SELECT g.day::date, p.user_id, p.tag,
       sum(coalesce(d.races, 0)) OVER w, sum(coalesce(d.typed, 0)) OVER w, sum(coalesce(d.errs, 0)) OVER w,
       sum(coalesce(d.secs, 0)) OVER w, sum(coalesce(d.points, 0)) OVER w
  FROM (SELECT user_id, tag, min(day) AS first FROM daily_rollups GROUP BY 1, 2) AS p
 CROSS JOIN LATERAL generate_series(p.first, (SELECT max(day) FROM daily_rollups), interval '1 day') AS g(day)
  LEFT JOIN daily_rollups d ON d.user_id = p.user_id AND d.tag = p.tag AND d.day = g.day::date
WINDOW w AS (PARTITION BY p.user_id, p.tag ORDER BY g.day)
-- Day by day, as the batch writer adds them: a board reads one day's rows from few pages.
ORDER BY 1, 2, 3;
