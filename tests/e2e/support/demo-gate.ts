import { expect, type Page } from '@playwright/test';
import { demo, signInQuickly } from './sign-in';

/**
 * A demo company's first site (of those open for check-in, when `ongoing`) and its poster's link, as the admin's
 * screens read them (signs `page` in as that company's admin: Harbour Build's unless another is named).
 */
export async function demoGate(page: Page, ongoing = false, admin: string = demo.admin): Promise<{ readonly address: string; readonly link: string }> {
  await signInQuickly(page, admin);
  await expect(page).toHaveURL(/\/company\/[0-9a-f-]{36}$/);
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  return page.evaluate(async ({ company, ongoing }) => {
    const headers = { authorization: `Bearer ${window.localStorage.getItem('accessToken') ?? ''}` };
    const sites = (await (await fetch(`/api/company/${company}/projectSites${ongoing ? '?status=ongoing' : ''}`, { headers })).json()) as { items: { _id: string; address: string }[] };
    const first = sites.items[0];
    if (!first) throw new Error('The demo company has no site');
    const qr = (await (await fetch(`/api/company/${company}/projectSites/${first._id}/qr`, { headers })).json()) as { url: string };
    return { address: first.address, link: qr.url };
  }, { company: companyId, ongoing });
}
