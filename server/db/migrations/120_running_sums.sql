-- Every racer's running totals: for each site day that has daily rollups, the sums of all their
-- batches up to and including that day, over all their teams, packed as lines
-- `races,typed,errs,secs,points,user_id` (one per racer who has raced by then, in no order).
-- An individual board of the whole days A to B is then the totals of B (or of the last day before
-- it that has any) minus those of the day before A: two packed values, however many days the
-- board covers (server/db/leaderboards/window-plan.ts).
--
-- Kept in step with daily_rollups by statement triggers: the first changed day and every later
-- day are totalled again, each from the day before's totals plus its own rollups. A poll changes
-- today only, so it totals one day. Points are float8, written in their shortest exact text
-- (extra_float_digits = 1) so each day's totals read back as the doubles that were added.
CREATE TABLE racer_running_sums (
  day date PRIMARY KEY,
  sums text NOT NULL
);
-- Read whole on every board that uses it: kept uncompressed, as the packed units (migration 110).
ALTER TABLE racer_running_sums ALTER COLUMN sums SET STORAGE EXTERNAL;

-- Totals the days from `from_day` on again.
CREATE FUNCTION pack_running_sums(from_day date) RETURNS void LANGUAGE plpgsql
SET extra_float_digits = 1 AS $$
DECLARE
  totals text;
  d date;
BEGIN
  -- Two transactions changing daily rollups at once (the collector runs alone, but a hand-run
  -- backfill might not) take turns here, so the later one totals from what the first committed.
  PERFORM pg_advisory_xact_lock(7270120);
  SELECT sums INTO totals FROM racer_running_sums WHERE day < from_day ORDER BY day DESC LIMIT 1;
  DELETE FROM racer_running_sums WHERE day >= from_day;
  FOR d IN SELECT DISTINCT day FROM daily_rollups WHERE day >= from_day ORDER BY day LOOP
    -- Integer counters are added as float8 (exact far beyond any racer's lifetime), as bigint sums
    -- would be numeric and several times slower.
    SELECT string_agg(concat_ws(',', races, typed, errs, secs, points, user_id), E'\n')
      INTO totals
      FROM (SELECT user_id, sum(races)::bigint AS races, sum(typed)::bigint AS typed, sum(errs)::bigint AS errs,
                   sum(secs)::bigint AS secs, sum(points) AS points
              FROM (SELECT split_part(line, ',', 6)::bigint AS user_id, split_part(line, ',', 1)::float8 AS races,
                           split_part(line, ',', 2)::float8 AS typed, split_part(line, ',', 3)::float8 AS errs,
                           split_part(line, ',', 4)::float8 AS secs, split_part(line, ',', 5)::float8 AS points
                      FROM string_to_table(totals, E'\n') AS line
                    UNION ALL
                    SELECT user_id, races, typed, errs, secs, points FROM daily_rollups WHERE day = d) AS day_rows
             GROUP BY user_id) AS per_racer;
    INSERT INTO racer_running_sums (day, sums) VALUES (d, totals);
  END LOOP;
END $$;

CREATE FUNCTION racer_running_sums_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  from_day date;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM racer_running_sums;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT min(day) INTO from_day FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT min(day) INTO from_day FROM old_rows;
  ELSE
    SELECT min(day) INTO from_day FROM (SELECT day FROM new_rows UNION ALL SELECT day FROM old_rows) AS changed;
  END IF;
  IF from_day IS NOT NULL THEN
    PERFORM pack_running_sums(from_day);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER racer_running_sums_ins AFTER INSERT ON daily_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_running_sums_sync();
CREATE TRIGGER racer_running_sums_upd AFTER UPDATE ON daily_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_running_sums_sync();
CREATE TRIGGER racer_running_sums_del AFTER DELETE ON daily_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_running_sums_sync();
CREATE TRIGGER racer_running_sums_trunc AFTER TRUNCATE ON daily_rollups
  FOR EACH STATEMENT EXECUTE FUNCTION racer_running_sums_sync();

-- The daily rollups written before this migration.
SELECT pack_running_sums(first_day) FROM (SELECT min(day) AS first_day FROM daily_rollups) AS rollups WHERE first_day IS NOT NULL;
