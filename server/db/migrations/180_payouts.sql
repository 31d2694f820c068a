-- Pay-to-play payouts marked paid by staff: one row per event and racer while marked. The amount
-- is the winnings (in cents) when it was marked, so a later change of the standings shows as a
-- difference between this and the current winnings. No row means unpaid.
CREATE TABLE payout_marks (
  event_id     integer NOT NULL REFERENCES events(event_id) ON DELETE CASCADE,
  user_id      bigint NOT NULL REFERENCES racers(user_id) ON DELETE CASCADE,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  paid_at      timestamptz NOT NULL,
  paid_by      text NOT NULL,
  PRIMARY KEY (event_id, user_id)
);
