import { expect, type APIRequestContext } from '@playwright/test';

/** The invitation link of the newest development-mailbox message to `email`. */
export async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const response = await request.get(`/dev/mailbox/latest.json?to=${encodeURIComponent(email)}`);
    expect(response.ok()).toBe(true);
    const message = (await response.json()) as { links?: string[] };
    link = message.links?.find((candidate) => candidate.includes('/accept_invitation?invitationCode='));
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return new URL(link ?? '').pathname + new URL(link ?? '').search;
}
