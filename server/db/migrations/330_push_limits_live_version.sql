-- Push subscriptions remember the client address (an IPv6 one as its /64) they were first saved
-- from, so each address holds only a few, and the staff session that chose the staff summary, so
-- logging out of it ends that summary. Rows saved before count against no address and keep their
-- summary until saved again.
ALTER TABLE push_subscriptions ADD COLUMN address text;
ALTER TABLE push_subscriptions ADD COLUMN staff_session text;
CREATE INDEX push_subscriptions_address ON push_subscriptions (address) WHERE address IS NOT NULL;
CREATE INDEX push_subscriptions_staff_session ON push_subscriptions (staff_session) WHERE staff_session IS NOT NULL;

-- The data version at the last whole change (a staff write, the end of a collector run): what the
-- live stream sends, so open screens refetch once per run rather than once per team written.
INSERT INTO app_meta (key, value)
  SELECT 'live_version', value FROM app_meta WHERE key = 'data_version'
  ON CONFLICT (key) DO NOTHING;
