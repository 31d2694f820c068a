-- A member's reading that went backwards with the same join (server/collector/diff.ts): kept with
-- the baseline until the next poll tells a restart of the team counters (it persists and grows:
-- re-based, counted from here) from a stale copy (it recovers: dropped). Null when there is none.
ALTER TABLE member_snapshots
  ADD COLUMN low_taken_at timestamptz,
  ADD COLUMN low_played bigint,
  ADD COLUMN low_races_played bigint,
  ADD COLUMN low_typed bigint,
  ADD COLUMN low_errs bigint,
  ADD COLUMN low_secs bigint;
