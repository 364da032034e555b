import { describe, expect, it } from 'vitest';
import { firstReadsAt } from '../../../src/app/first-reads';

/** Issue 11: the reads asked for as the app starts, by the screen's address and who is signed in (src/app/first-reads.ts). */
const siteId = '3ef634ce-699b-4e90-8c01-5576483679e1';
const me = '760ccffa-a9ca-49a6-9d38-497174685a16';
const at = (pathname: string, search = '') => ({ pathname, search });

describe('the reads a screen makes first', () => {
  it('a site’s check-in page reads its site and the visit, signed in or not, with its key only', () => {
    expect(firstReadsAt(at(`/site/${siteId}/check-in`, '?key=abc'), null)).toEqual([`site/${siteId}?key=abc`]);
    expect(firstReadsAt(at(`/site/${siteId}/check-in/`, '?key=abc'), me)).toEqual([`site/${siteId}?key=abc`]);
    expect(firstReadsAt(at(`/site/${siteId}/check-in`), me)).toEqual([]);
  });

  it('a tradesperson’s own home reads their details and their activity', () => {
    expect(firstReadsAt(at(`/trades/${me}`), me)).toEqual([`profile/trades/${me}`, `profile/trades/${me}/activity`]);
    expect(firstReadsAt(at(`/trades/${me}/`), me)).toEqual([`profile/trades/${me}`, `profile/trades/${me}/activity`]);
  });

  it('reads nothing early for someone else’s page, a signed-out visitor, a page beneath the home or any other screen', () => {
    expect(firstReadsAt(at(`/trades/${siteId}`), me)).toEqual([]);
    expect(firstReadsAt(at(`/trades/${me}`), null)).toEqual([]);
    expect(firstReadsAt(at(`/trades/${me}/edit`), me)).toEqual([]);
    expect(firstReadsAt(at('/trades/%E0%A4%A'), me)).toEqual([]);
    expect(firstReadsAt(at('/company/abc/swms'), me)).toEqual([]);
    expect(firstReadsAt(at('/'), me)).toEqual([]);
  });
});
