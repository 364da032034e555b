import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page';
import { AcceptInvitationPage } from './pages/accept-invitation.page';
import { AuditTrailPage } from './pages/audit.page';
import { chooseOption } from './pages/select';
import { InviteFormPage } from './pages/invite-form.page';
import { invitationLink } from './pages/mailbox';
import { SwmsListPage } from './pages/swms-list.page';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const auditor = 'auditor@harbourbuild.demo';

test.describe('the auditor', () => {
  test('lands on the verified audit trail, reads it, filters it and takes it away as CSV', async ({ page }) => {
    await signInQuickly(page, auditor);
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}/audit$`));
    const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
    const shell = new AppShell(page);
    await expect(shell.pageTitle).toHaveText('Audit Trail');
    await shell.openMenuIfCollapsed();
    for (const link of ['Audit Trail', 'Projects', 'SWMS'] as const) await expect(shell.navLink(link)).toBeVisible();
    await expect(shell.navLink('Employees')).toHaveCount(0);

    const trail = new AuditTrailPage(page);
    await expect(trail.banner).toHaveText(/^Chain verified: \d+ events, head [0-9a-f]{4}…[0-9a-f]{4}checked by the server on /, { timeout: 15_000 });
    await expect(trail.events.first()).toBeVisible();
    expect((await trail.sentences())[0]).toMatch(/^.+ \((Admin|Supervisor|Super User)\) .+, \d{1,2} \w{3} \d{4} \d{2}:\d{2}$/);

    await chooseOption(trail.action, 'Client created');
    await expect(page).toHaveURL(/action=company\.create/);
    await expect(trail.events).toHaveCount(1);
    await expect(trail.events.first()).toContainText('(Super User) created client Harbour Build Co');
    await trail.events.first().getByRole('button', { name: 'Details' }).click();
    await expect(trail.events.first().getByText('Hash')).toBeVisible();

    const download = page.waitForEvent('download');
    await trail.download.click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('seq,at,actor,actor_email,actor_role,action,target_type,target_id,target_label,detail,request_id,hash');
    expect(csv).toContain(',company.create,company,');

    await page.goto(`/company/${companyId}/employees`);
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/audit$`));
  });

  test('reads the SWMS list without the review controls', async ({ page }) => {
    await signInQuickly(page, auditor);
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}/audit$`));
    const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
    const list = new SwmsListPage(page);
    await list.goto(companyId);
    await expect(list.rows.first()).toBeVisible();
    await expect(list.changeStatus).toHaveCount(0);
    await expect(list.selectPage).toHaveCount(0);
    await list.rows.first().getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/swms/${uuid}$`));
    await expect(page.getByRole('button', { name: 'Check as Reviewed' })).toHaveCount(0);
  });
});

test('a review made by the admin appears on the audit trail as one readable line', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const list = new SwmsListPage(page);
  await list.goto(companyId, '?filter=status.string.forReview');
  await list.rows.first().getByRole('checkbox').check();
  await list.changeStatus.click();
  await list.menuItem('Mark as Reviewed').click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();

  const trail = new AuditTrailPage(page);
  await trail.goto(companyId, '?action=swms.reviewed');
  await expect(trail.events.first()).toContainText(/^#\d+.+\(Admin\) marked SWMS \S+ \/ .+ as Reviewed, /);
});

test('the admin invites an auditor, who accepts and lands on the audit trail', async ({ page, browser }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  await page.goto(`/company/${companyId}/employees`);
  await page.getByRole('link', { name: 'Add Auditor' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/employees/add-auditor$`));
  const email = `inspector.${Date.now().toString(36)}@whs.example`;
  await new InviteFormPage(page).fill({ firstName: 'Ruth', surname: 'Okafor', email, phone: '0291234567' });
  await new InviteFormPage(page).send.click();
  await expect(page.getByText('Invite sent successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/employees$`));

  const link = await invitationLink(page.request, email);
  const context = await browser.newContext();
  const invited = await context.newPage();
  await signInQuickly(invited, email);
  await expect(invited).toHaveURL(/\/unauthorised_role$/);
  await invited.goto(link);
  const gateway = new AcceptInvitationPage(invited);
  await expect(gateway.message('Harbour Build Co', 'Auditor')).toBeVisible();
  await gateway.accept.click();
  await expect(invited).toHaveURL(new RegExp(`/company/${companyId}/audit$`));
  await expect(new AuditTrailPage(invited).event(/invited .*Auditor|accepted the invitation/).first()).toBeVisible();
  await context.close();
});
