-- Issue 11: the SWMS table is vacuumed (and analysed, for its plans' prices) after about 1% of it changes, plus a
-- thousand rows, instead of PostgreSQL's default fifth, so the all-visible marks a select-all review clears come back
-- within a minute or so and a page opened by its number skips its keys with an index-only scan again. A table setting:
-- it takes no lock that stops reads or writes, and a server whose autovacuum is off (an operator's choice) ignores it.
ALTER TABLE swms SET (
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0.01,
  autovacuum_analyze_threshold = 1000,
  autovacuum_analyze_scale_factor = 0.01
);
