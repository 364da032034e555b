-- Issue 11: each audit event keeps the lower-cased text an audit search matches (its action, its target's label and its
-- detail), generated with the event so the append-only guard and the hashes are untouched (the hashed content names its
-- columns, migration 006), instead of every search turning each event's detail into text; the actor is matched by id
-- against the users whose name or email holds the term, found once per search. There is no trigram index over the text:
-- each event would add a few hundred entries to it, and a select-all review's 5,000 events would take seconds to insert
-- against the goal of a whole review under 1 s.
ALTER TABLE audit_events ADD COLUMN search_text text
  GENERATED ALWAYS AS (lower(action || ' ' || coalesce(target_label, '') || ' ' || detail::text)) STORED;
