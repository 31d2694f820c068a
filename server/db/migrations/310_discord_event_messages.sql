-- Discord: an event's standings are one message per team, posted once and then edited in place.
-- discord_event_messages keeps Discord's id of that message (once a POST answered it) and the
-- standings last queued, so an edit is queued only when they change. An outbox row of kind
-- 'event-standings' names its event; `edits` is the message id a PATCH in progress targets: a
-- PATCH is idempotent, so one left 'sending' goes back to the queue instead of 'unknown'.
CREATE TABLE discord_event_messages (
  tag         text NOT NULL,
  event_id    integer NOT NULL,
  message_id  text,
  standings   text NOT NULL,
  PRIMARY KEY (tag, event_id)
);
ALTER TABLE discord_outbox ADD COLUMN event_id integer;
ALTER TABLE discord_outbox ADD COLUMN edits text;
CREATE INDEX discord_outbox_event ON discord_outbox (tag, event_id) WHERE event_id IS NOT NULL;
