-- Issue 11: each kept site search total (migration 027) hashes to one of 1,024 places per company, and keeping a total
-- drops another search's total in its place (server/sites/repository.ts, keepSearchTotal), so a company keeps at most
-- about 1,024 whatever is typed. The key stays the table's own key, so the previous portal version, still running
-- beside this one during a deploy, keeps and reads totals as it did.
ALTER TABLE site_search_totals ADD COLUMN place integer GENERATED ALWAYS AS (hashtext(search_key) & 1023) STORED NOT NULL;
CREATE INDEX site_search_totals_place ON site_search_totals (company_id, place);
