-- Each racer's standing in the game ('banned' or 'warned', from the member's `status` in the
-- latest team answer; null in good standing), shown as a badge on the roster and the racer banner.
ALTER TABLE racers ADD COLUMN game_status text CHECK (game_status IN ('banned', 'warned'));

-- Failed answers are pruned per team after each write (state-store.ts): a team's newest first.
CREATE INDEX failed_responses_tag_time ON failed_responses (tag, fetched_at DESC, id DESC);
