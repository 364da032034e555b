-- Issue 11: a page opened by its number (a typed or shared link) finds where it starts by skipping the keys before it
-- in an index-only scan, which reads no table page while the visibility map marks the pages all-visible. A select-all
-- review changes thousands of SWMS and clears that mark on the pages it touches; by default PostgreSQL vacuums a
-- table again only once a fifth of it has changed (200,000 rows of a million), so until then every such skip read
-- each skipped row's page: Job No. page 250 of a million SWMS took 6.8 ms of the server's CPU against 0.6, and ran at
-- 234 requests a second against 1,486. The SWMS table is vacuumed (and analysed, for its plans' prices) after about
-- 1% of it changes, plus a thousand rows, so a review's marks are restored within a minute or so. A table setting:
-- it takes no lock that stops reads or writes, and a server whose autovacuum is off (an operator's choice) ignores it.
ALTER TABLE swms SET (
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0.01,
  autovacuum_analyze_threshold = 1000,
  autovacuum_analyze_scale_factor = 0.01
);
