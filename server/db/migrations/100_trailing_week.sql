-- The trailing sums for a second span: the 7 days (168 hours) up to the newest batch, which the
-- 7-day boards read as the 24-hour boards read theirs. The tables of migrations 070 and 080 become
-- one row set per span: trailing_totals keyed by (hours, user_id, tag), their packed copy in
-- trailing_sums per span, the shared anchor in trailing_anchor. Kept in step by
-- server/db/trailing-sums.ts.
ALTER TABLE trailing_day_totals RENAME TO trailing_totals;
ALTER TABLE trailing_totals ADD COLUMN hours integer NOT NULL DEFAULT 24;
ALTER TABLE trailing_totals ALTER COLUMN hours DROP DEFAULT;
ALTER TABLE trailing_totals DROP CONSTRAINT trailing_day_totals_pkey;
ALTER TABLE trailing_totals ADD PRIMARY KEY (hours, user_id, tag);

ALTER TABLE trailing_day_anchor RENAME TO trailing_anchor;

CREATE TABLE trailing_sums (
  hours integer PRIMARY KEY,
  -- Lines `races,typed,errs,secs,points,user_id` in board order; NULL before the first batch.
  sums text
);
INSERT INTO trailing_sums (hours, sums) SELECT 24, sums FROM trailing_anchor;
ALTER TABLE trailing_anchor DROP COLUMN sums;

-- The 7-day sums of the batches written before this migration.
INSERT INTO trailing_totals (hours, user_id, tag, races, typed, errs, secs, points)
SELECT 168, user_id, tag, sum(races), sum(typed), sum(errs), sum(secs), sum(points)
  FROM batches
 WHERE end_time > (SELECT anchor FROM trailing_anchor) - interval '168 hours'
   AND end_time <= (SELECT anchor FROM trailing_anchor)
 GROUP BY user_id, tag;
INSERT INTO trailing_sums (hours, sums)
SELECT 168, string_agg(concat_ws(',', races, typed, errs, secs, points, user_id), E'\n' ORDER BY points DESC)
  FROM trailing_totals WHERE hours = 168;
