-- Issue 11: a company's kept site search totals (migration 027) grew with every new way a search was typed until the
-- company's next site change. Each search's key now hashes to one of 1,024 places per company, and keeping a total
-- drops another search's total in its place (server/sites/repository.ts, keepSearchTotal): a company keeps at most
-- about 1,024, whatever is typed, at the cost of one index lookup a total kept. Two searches of one place in use at
-- once count their matches more often; nothing else changes. The key stays the table's own key, so a portal of the
-- version before this one, still running beside it during a deploy, keeps and reads totals as it did.
ALTER TABLE site_search_totals ADD COLUMN place integer GENERATED ALWAYS AS (hashtext(search_key) & 1023) STORED NOT NULL;
CREATE INDEX site_search_totals_place ON site_search_totals (company_id, place);
