-- Every racer's sums of one calendar unit (a site day, a Sunday week, a month), packed into one
-- text value of lines `races,typed,errs,secs,points,user_id` (one line per racer and team), and the
-- trailing 24-hour sums packed the same way next to their anchor. An individual board of one unit
-- reads one value instead of one row per racer. Lines come in board order (points, highest first),
-- so sorting the board costs little. Kept in step with daily_rollups,
-- racer_weekly_rollups and racer_monthly_rollups by statement triggers (a changed unit is packed
-- again), and with trailing_day_totals by server/db/trailing-day.ts.
CREATE TABLE racer_unit_sums (
  grain text NOT NULL CHECK (grain IN ('daily', 'weekly', 'monthly')),
  unit date NOT NULL,
  sums text NOT NULL,
  PRIMARY KEY (grain, unit)
);

ALTER TABLE trailing_day_anchor ADD COLUMN sums text;

CREATE FUNCTION racer_unit_source(grain text) RETURNS TABLE (source text, unit_col text) LANGUAGE sql IMMUTABLE AS $$
  SELECT s.source, s.unit_col FROM (VALUES
    ('daily', 'daily_rollups', 'day'),
    ('weekly', 'racer_weekly_rollups', 'week'),
    ('monthly', 'racer_monthly_rollups', 'month')
  ) AS s(grain, source, unit_col)
  WHERE s.grain = racer_unit_source.grain
$$;

-- Packs the given units of a grain again from its rollup table; a unit without rows has no value.
CREATE FUNCTION pack_racer_units(g text, units date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  SELECT * INTO s FROM racer_unit_source(g);
  DELETE FROM racer_unit_sums WHERE grain = g AND unit = ANY (units);
  EXECUTE format(
    'INSERT INTO racer_unit_sums (grain, unit, sums)
     SELECT $1, %1$I, string_agg(concat_ws('','', races, typed, errs, secs, points, user_id), E''\n'' ORDER BY points DESC)
       FROM %2$I WHERE %1$I = ANY ($2) GROUP BY %1$I',
    s.unit_col, s.source) USING g, units;
END $$;

CREATE FUNCTION racer_unit_sums_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g text := CASE TG_TABLE_NAME WHEN 'daily_rollups' THEN 'daily' WHEN 'racer_weekly_rollups' THEN 'weekly' ELSE 'monthly' END;
  col text := (SELECT unit_col FROM racer_unit_source(g));
  units date[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM racer_unit_sums WHERE grain = g;
    RETURN NULL;
  END IF;
  EXECUTE format(CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT array_agg(DISTINCT %1$I) FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT array_agg(DISTINCT %1$I) FROM old_rows'
      ELSE 'SELECT array_agg(DISTINCT u) FROM (SELECT %1$I AS u FROM new_rows UNION SELECT %1$I FROM old_rows) AS changed'
    END, col) INTO units;
  IF units IS NOT NULL THEN
    PERFORM pack_racer_units(g, units);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER racer_unit_sums_ins AFTER INSERT ON daily_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_upd AFTER UPDATE ON daily_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_del AFTER DELETE ON daily_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_trunc AFTER TRUNCATE ON daily_rollups
  FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_ins AFTER INSERT ON racer_weekly_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_upd AFTER UPDATE ON racer_weekly_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_del AFTER DELETE ON racer_weekly_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_trunc AFTER TRUNCATE ON racer_weekly_rollups
  FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_ins AFTER INSERT ON racer_monthly_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_upd AFTER UPDATE ON racer_monthly_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_del AFTER DELETE ON racer_monthly_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();
CREATE TRIGGER racer_unit_sums_trunc AFTER TRUNCATE ON racer_monthly_rollups
  FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync();

-- Rollups and trailing sums written before this migration.
SELECT pack_racer_units('daily', ARRAY(SELECT DISTINCT day FROM daily_rollups));
SELECT pack_racer_units('weekly', ARRAY(SELECT DISTINCT week FROM racer_weekly_rollups));
SELECT pack_racer_units('monthly', ARRAY(SELECT DISTINCT month FROM racer_monthly_rollups));
UPDATE trailing_day_anchor
   SET sums = (SELECT string_agg(concat_ws(',', races, typed, errs, secs, points, user_id), E'\n' ORDER BY points DESC) FROM trailing_day_totals);
