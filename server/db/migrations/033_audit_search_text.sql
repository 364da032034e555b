-- Issue 11 (noticed in the twenty-fifth session): the audit trail's search reads a company's chain newest first until
-- it has a page, and checked each event with ILIKE over its action, its target's label, its detail turned into text,
-- and its actor's name and email joined from users. Turning each event's detail into text was most of it: with 206,000
-- events in one chain, a search that matches nothing took 1.2 s (the detail alone 0.44 s of a count, a plain read of
-- the chain 34 ms). Each event now keeps that text, lower-cased, written with the event (generated, so the audit
-- chain's append-only guard and its hashes are untouched: the hashed content names its columns, migration 006). The
-- actor is matched by id against the users whose name or email holds the term, found once per search. Adding the
-- column rewrites the table once: 2.1 s for 235,000 events. Writing the text costs each event a little: a select-all
-- review of 4,850 SWMS (as many events) took 414-466 ms against 341-362 without it.
--
-- A trigram index over the text would answer a search without reading the chain, but each event would add a few
-- hundred entries to it: a select-all review's 5,000 events took 2.0 s to insert into such an index against 0.09 s
-- without (0.47 s with its pending list), against the goal of a whole review under 1 s.
ALTER TABLE audit_events ADD COLUMN search_text text
  GENERATED ALWAYS AS (lower(action || ' ' || coalesce(target_label, '') || ' ' || detail::text)) STORED;
