-- Each racer's sums over the 24 hours up to the newest batch (end_time in (anchor - 24 h, anchor]),
-- per team, kept in step by the batch writer (server/db/trailing-day.ts): the 24-hour leaderboard
-- then reads one row per racer instead of six-hour blocks and raw edges.
CREATE TABLE trailing_day_anchor (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  -- The newest batch end time written; NULL before the first batch.
  anchor timestamptz
);
INSERT INTO trailing_day_anchor (anchor) SELECT max(end_time) FROM batches;

CREATE TABLE trailing_day_totals (
  user_id bigint NOT NULL, tag text NOT NULL,
  races bigint NOT NULL, typed bigint NOT NULL, errs bigint NOT NULL, secs bigint NOT NULL, points double precision NOT NULL,
  PRIMARY KEY (user_id, tag)
);
INSERT INTO trailing_day_totals (user_id, tag, races, typed, errs, secs, points)
SELECT user_id, tag, sum(races), sum(typed), sum(errs), sum(secs), sum(points)
  FROM batches
 WHERE end_time > (SELECT anchor FROM trailing_day_anchor) - interval '24 hours'
   AND end_time <= (SELECT anchor FROM trailing_day_anchor)
 GROUP BY user_id, tag;
