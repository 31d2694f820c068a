-- Every event has an owner team: its teamadmins edit it, set pay-to-play and delete it; the other
-- teams' teamadmins only mark their own racers' payouts. Existing events get the first team of
-- their tag list. pay_flagged: whether flagged racers earn pay-to-play winnings (off by default).
ALTER TABLE events ADD COLUMN owner_tag text;
ALTER TABLE events ADD COLUMN pay_flagged boolean NOT NULL DEFAULT false;
UPDATE events e
   SET owner_tag = (SELECT et.tag FROM event_teams et WHERE et.event_id = e.event_id ORDER BY et.position, et.tag LIMIT 1);
