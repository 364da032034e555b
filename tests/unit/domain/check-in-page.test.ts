import { describe, expect, it } from 'vitest';
import { checkInPath, checkInReturnPath, checkInSiteId, siteVisitApiPath } from '../../../src/domain/check-in-page';
import { returnToParam, signInAddress } from '../../../src/domain/login-page';

const siteId = '3ef634ce-699b-4e90-8c01-5576483679e1';
const key = '309dfca64d244a1a856ba3d3f860e016';

describe('the check-in page’s address', () => {
  it('names its site in the path, with or without a trailing slash, and nothing longer', () => {
    expect(checkInSiteId(`/site/${siteId}/check-in`)).toBe(siteId);
    expect(checkInSiteId(`/site/${siteId}/check-in/`)).toBe(siteId);
    expect(checkInSiteId(`/site/a%20b/check-in`)).toBe('a b');
    for (const pathname of [`/site/${siteId}/check-in/more`, `/site//check-in`, `/sites/${siteId}/check-in`, '/site/%E0%A4%A/check-in']) {
      expect(checkInSiteId(pathname), pathname).toBeUndefined();
    }
  });

  it('is written with its site and key escaped', () => {
    expect(checkInPath(siteId, key)).toBe(`/site/${siteId}/check-in?key=${key}`);
    expect(checkInPath('a/b', 'k&x=1')).toBe('/site/a%2Fb/check-in?key=k%26x%3D1');
  });
});

describe('a sign-in’s way back (issue 11)', () => {
  it('is a check-in page of this portal with its key, written afresh', () => {
    expect(checkInReturnPath(checkInPath(siteId, key))).toBe(checkInPath(siteId, key));
    expect(checkInReturnPath(`/site/${siteId}/check-in/?key=${key}&then=/clients#top`)).toBe(checkInPath(siteId, key));
    // However long what it drops: only what it keeps rides in the sign-in's cookie.
    expect(checkInReturnPath(`${checkInPath(siteId, key)}&utm_source=${'x'.repeat(2000)}`)).toBe(checkInPath(siteId, key));
  });

  it('is nothing else: another page, another origin, no key, or not a path at all', () => {
    const refused = [
      null,
      undefined,
      '',
      '/clients',
      `/site/${siteId}/check-in`,
      `/site/${siteId}/check-in?key=`,
      `//evil.example/site/${siteId}/check-in?key=${key}`,
      `https://evil.example/site/${siteId}/check-in?key=${key}`,
      `/\\evil.example/site/${siteId}/check-in?key=${key}`,
      `site/${siteId}/check-in?key=${key}`,
      `/site/${siteId}/check-in/more?key=${key}`,
      // Longer than any site's id and key: it would not fit the sign-in's cookie.
      checkInPath('s'.repeat(600), key),
    ];
    for (const value of refused) expect(checkInReturnPath(value), String(value)).toBeUndefined();
  });
});

describe('the sign-in’s start and the page’s read', () => {
  it('sends the page to come back to, written as a query the server reads back', () => {
    expect(signInAddress('google', null)).toBe('/api/auth/login/google');
    const address = new URL(signInAddress('apple', checkInPath(siteId, key)), 'http://portal.invalid');
    expect(address.pathname).toBe('/api/auth/login/apple');
    expect(address.searchParams.get(returnToParam)).toBe(`/site/${siteId}/check-in?key=${key}`);
    expect(checkInReturnPath(address.searchParams.get(returnToParam))).toBe(checkInPath(siteId, key));
  });

  it('reads the site its address names, with its key', () => {
    expect(siteVisitApiPath(siteId, key)).toBe(`site/${siteId}?key=${key}`);
    expect(siteVisitApiPath('a b', 'k&y')).toBe('site/a%20b?key=k%26y');
  });
});
