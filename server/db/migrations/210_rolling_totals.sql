-- The rolling boards' totals (server/db/rolling-totals.ts): each racer's counters per team
-- summed over every batch that ended at or after `since` of its span (24 and 168 hours). Kept by the
-- batch writer, which builds them from the batches on its first write after this migration.
CREATE TABLE rolling_since (
  hours integer PRIMARY KEY,
  since timestamptz NOT NULL
);

CREATE TABLE rolling_totals (
  hours   integer NOT NULL,
  user_id bigint NOT NULL,
  tag     text NOT NULL,
  races   bigint NOT NULL,
  typed   bigint NOT NULL,
  errs    bigint NOT NULL,
  secs    bigint NOT NULL,
  points  double precision NOT NULL,
  PRIMARY KEY (hours, user_id, tag)
);
