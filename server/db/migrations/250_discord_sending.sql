-- Discord: each POST is recorded before it is made (status 'sending', attempted_at, committed
-- first). A message still 'sending' after the lease, or whose POST got no answer in time, may
-- have been posted: it becomes 'unknown', is never sent again on its own, and staff see it.
ALTER TABLE discord_outbox ADD COLUMN attempted_at timestamptz;
ALTER TABLE discord_outbox ADD CONSTRAINT discord_outbox_status
  CHECK (status IN ('pending', 'sending', 'sent', 'unknown', 'failed', 'dropped'));
CREATE INDEX discord_outbox_sending ON discord_outbox (attempted_at) WHERE status = 'sending';
CREATE INDEX discord_outbox_unknown ON discord_outbox (tag, attempted_at) WHERE status = 'unknown';
