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

-- Each grain's rollup table and its unit column.
CREATE FUNCTION racer_unit_grains() RETURNS TABLE (grain text, source text, unit_col text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('daily', 'daily_rollups', 'day'), ('weekly', 'racer_weekly_rollups', 'week'), ('monthly', 'racer_monthly_rollups', 'month')
$$;

-- Packs the given units of a grain again from its rollup table; a unit without rows has no value.
CREATE FUNCTION pack_racer_units(g text, units date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  SELECT * INTO s FROM racer_unit_grains() AS r WHERE r.grain = g;
  DELETE FROM racer_unit_sums WHERE grain = g AND unit = ANY (units);
  EXECUTE format(
    'INSERT INTO racer_unit_sums (grain, unit, sums)
     SELECT $1, %1$I, string_agg(concat_ws('','', races, typed, errs, secs, points, user_id), E''\n'' ORDER BY points DESC)
       FROM %2$I WHERE %1$I = ANY ($2) GROUP BY %1$I',
    s.unit_col, s.source) USING g, units;
END $$;

CREATE FUNCTION racer_unit_sums_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g text;
  col text;
  units date[];
BEGIN
  SELECT r.grain, r.unit_col INTO g, col FROM racer_unit_grains() AS r WHERE r.source = TG_TABLE_NAME;
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

DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT source FROM racer_unit_grains() LOOP
    EXECUTE format('CREATE TRIGGER racer_unit_sums_ins AFTER INSERT ON %I
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync()', t);
    EXECUTE format('CREATE TRIGGER racer_unit_sums_upd AFTER UPDATE ON %I
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync()', t);
    EXECUTE format('CREATE TRIGGER racer_unit_sums_del AFTER DELETE ON %I
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync()', t);
    EXECUTE format('CREATE TRIGGER racer_unit_sums_trunc AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION racer_unit_sums_sync()', t);
  END LOOP;
END $$;

-- Rollups and trailing sums written before this migration.
DO $$
DECLARE
  r record;
  units date[];
BEGIN
  FOR r IN SELECT * FROM racer_unit_grains() LOOP
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM %I', r.unit_col, r.source) INTO units;
    IF units IS NOT NULL THEN
      PERFORM pack_racer_units(r.grain, units);
    END IF;
  END LOOP;
END $$;
UPDATE trailing_day_anchor
   SET sums = (SELECT string_agg(concat_ws(',', races, typed, errs, secs, points, user_id), E'\n' ORDER BY points DESC) FROM trailing_day_totals);
