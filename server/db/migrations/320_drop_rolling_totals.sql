-- The rolling boards read their windows from the base tables again (days, hours and raw edges, as
-- every other window): the tables of migration 210 go. It created no function, index or trigger
-- of its own beyond their primary keys, which go with them.
DROP TABLE IF EXISTS rolling_totals, rolling_since;
