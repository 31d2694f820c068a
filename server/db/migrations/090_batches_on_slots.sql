-- Every batch ends on a 10-minute slot boundary: the collector floors each poll time to one. The
-- leaderboards' window planner relies on it (a stretch of time without a boundary holds no batch,
-- so it reads nothing there); the database now refuses a batch that would break it.
ALTER TABLE batches ADD CONSTRAINT batches_end_on_slot CHECK (extract(epoch FROM end_time) % 600 = 0);
