-- Next to each packed unit (migration 080) and trailing span (migration 100), the individual
-- board's own lines: one per racer with races, over all their teams, in points order, each the
-- racer's id and the stats part of their JSON row, e.g.
--   42,"Races":3,"Accuracy":0.99,"WPM":81.5,"Points":519.75}
-- A board of one unit (today, yesterday, a week, a month, the last 24 hours or 7 days) is then
-- these lines with each racer's name part put in front: nothing to add up or format per request.
-- The stats are docs/product.md "The numbers" with the float arithmetic of rules/stats.ts, and
-- float8 text is the shortest exact form (extra_float_digits = 1, set on the packing functions),
-- so the numbers read back are the doubles the application computes from the sums.
ALTER TABLE racer_unit_sums ADD COLUMN board text;
ALTER TABLE trailing_sums ADD COLUMN board text;
-- Kept uncompressed: a board reads its whole value every time, and inflating 100 KB costs more
-- than reading it (a few MB of disk for a year of days).
ALTER TABLE racer_unit_sums ALTER COLUMN board SET STORAGE EXTERNAL, ALTER COLUMN sums SET STORAGE EXTERNAL;
ALTER TABLE trailing_sums ALTER COLUMN board SET STORAGE EXTERNAL, ALTER COLUMN sums SET STORAGE EXTERNAL;

CREATE FUNCTION racer_board_line(user_id bigint, races bigint, typed bigint, errs bigint, secs bigint, points double precision)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT user_id || ',"Races":' || races
      || ',"Accuracy":' || CASE WHEN typed > 0 THEN (1 - errs::float8 / typed)::text ELSE 'null' END
      || ',"WPM":' || CASE WHEN secs > 0 THEN (typed::float8 / 5 / (secs::float8 / 60))::text ELSE 'null' END
      -- + 0 turns a negative zero into zero, as JavaScript writes it.
      || ',"Points":' || (points + 0)::text || '}'
$$;

-- Packs the given units of a grain again (migration 080), now with their board lines.
CREATE OR REPLACE FUNCTION pack_racer_units(g text, units date[]) RETURNS void LANGUAGE plpgsql
SET extra_float_digits = 1 AS $$
DECLARE
  s record;
BEGIN
  SELECT * INTO s FROM racer_unit_grains() AS r WHERE r.grain = g;
  DELETE FROM racer_unit_sums WHERE grain = g AND unit = ANY (units);
  EXECUTE format(
    'INSERT INTO racer_unit_sums (grain, unit, sums, board)
     SELECT $1, packed.unit, packed.sums, boards.board
       FROM (SELECT %1$I AS unit,
                    string_agg(concat_ws('','', races, typed, errs, secs, points, user_id), E''\n'' ORDER BY points DESC) AS sums
               FROM %2$I WHERE %1$I = ANY ($2) GROUP BY %1$I) AS packed
       LEFT JOIN (SELECT unit, string_agg(racer_board_line(user_id, races, typed, errs, secs, points), E''\n'' ORDER BY points DESC, user_id) AS board
                    FROM (SELECT %1$I AS unit, user_id, sum(races)::bigint AS races, sum(typed)::bigint AS typed,
                                 sum(errs)::bigint AS errs, sum(secs)::bigint AS secs, sum(points) AS points
                            FROM %2$I WHERE %1$I = ANY ($2)
                           GROUP BY %1$I, user_id HAVING sum(races) > 0) AS per_racer
                   GROUP BY unit) AS boards ON boards.unit = packed.unit',
    s.unit_col, s.source) USING g, units;
END $$;

-- Packs a trailing span's sums (migration 100) and board lines; called by server/db/trailing-sums.ts.
CREATE FUNCTION pack_trailing_sums(h integer) RETURNS void LANGUAGE sql
SET extra_float_digits = 1 AS $$
  UPDATE trailing_sums
     SET sums = (SELECT string_agg(concat_ws(',', races, typed, errs, secs, points, user_id), E'\n' ORDER BY points DESC)
                   FROM trailing_totals WHERE hours = h),
         board = (SELECT string_agg(racer_board_line(user_id, races, typed, errs, secs, points), E'\n' ORDER BY points DESC, user_id)
                    FROM (SELECT user_id, sum(races)::bigint AS races, sum(typed)::bigint AS typed, sum(errs)::bigint AS errs,
                                 sum(secs)::bigint AS secs, sum(points) AS points
                            FROM trailing_totals WHERE hours = h
                           GROUP BY user_id HAVING sum(races) > 0) AS per_racer)
   WHERE hours = h;
$$;

-- Units and spans written before this migration.
-- Every unit packed so far, packed again.
WITH packed AS MATERIALIZED (SELECT grain, array_agg(unit) AS units FROM racer_unit_sums GROUP BY grain)
SELECT pack_racer_units(grain, units) FROM packed;
SELECT pack_trailing_sums(hours) FROM trailing_sums;
