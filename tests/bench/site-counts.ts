import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/database';
import { SiteTexts } from '../../server/sites/site-texts';
import { seededLists } from './list-seed';
import { newThreeWordSearches } from './new-searches';

/**
 * How long a site search's count takes in a process's copy of the search texts (`server/sites/site-texts.ts`), and how
 * long a copy takes to load, on a database `npm run bench -- --keep` seeded (PostgreSQL):
 *
 *   node --import tsx tests/bench/site-counts.ts --reuse portal_bench_<pid>
 *
 * Prints, for the bench's company, the copy's load (read and indexed) and the best of 8 rounds of 2,000 counts for each
 * search: the bench's "three new words each time" stream, then single searches common, rare and absent.
 */
const { values: options } = parseArgs({ options: { reuse: { type: 'string' }, server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' } } });
if (!options.reuse) throw new Error('Name a database kept by `npm run bench -- --keep`: --reuse portal_bench_<pid>');
const url = Object.assign(new URL(options.server), { pathname: `/${options.reuse}` }).href;
const db = await openDatabase({ url, dataDir: '' });
try {
  const { companyId } = await seededLists(db);
  const loads: number[] = [];
  let texts = new SiteTexts();
  for (let round = 0; round < 6; round += 1) {
    texts = new SiteTexts();
    const started = performance.now();
    texts.count(db, companyId, ['x'], undefined);
    await texts.loaded(companyId);
    loads.push(performance.now() - started);
  }
  const sites = texts.count(db, companyId, [], undefined)?.searched ?? 0;
  console.log(`A copy of ${sites.toLocaleString('en-AU')} sites loaded (read and indexed) in ${loads.map((ms) => ms.toFixed(1)).join(', ')} ms`);
  const stream = newThreeWordSearches('parramatta st client', 0);
  const streams: [string, string[][]][] = [
    ['three new words each time', Array.from({ length: 2000 }, () => stream.next().split(' '))],
    ...[['parramatta'], ['parramatta', 'st', 'client'], ['chatswood'], ['k-07'], ['lie'], ['st']].map((words) => [words.join(' '), [words]] as [string, string[][]]),
  ];
  for (const [name, searches] of streams) {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 8; round += 1) {
      const started = performance.now();
      for (let n = 0; n < 2000; n += 1) texts.count(db, companyId, searches[n % searches.length] as string[], undefined);
      best = Math.min(best, (performance.now() - started) / 2000);
    }
    const total = texts.count(db, companyId, searches[0] as string[], undefined)?.total;
    console.log(`${name.padEnd(28)} ${(best * 1000).toFixed(1).padStart(6)} µs a count (${total?.toLocaleString('en-AU')} sites for the first)`);
  }
} finally {
  await db.destroy();
}
