import { formatActivity } from '../../src/domain/dates';
import { roleLabel } from '../../src/domain/roles';
import type { InvitableRole } from '../../src/domain/invite';
import type { OutgoingMail } from './mailer';
import { escapeHtml } from './html';

export interface InvitationEmail {
  readonly to: string;
  readonly firstName: string;
  readonly companyName: string;
  readonly role: InvitableRole;
  readonly link: string;
  readonly expiresAt: Date;
}

const productName = 'SiteSafe Portal';

/** The reader's zone is not known to an email: Sydney's clock, named, as most of the portal's companies keep it. */
const expiryText = (expiresAt: Date): string => formatActivity(expiresAt, 'Australia/Sydney');

/** Spec §7 and issue 3: the invitation names the company, the role label and the /accept_invitation link. */
export function invitationEmail(invite: InvitationEmail): OutgoingMail {
  const role = roleLabel(invite.role);
  const subject = `You are invited to ${invite.companyName} on ${productName}`;
  const expires = expiryText(invite.expiresAt);
  const text = [
    `Hello ${invite.firstName},`,
    '',
    `You have received an invitation from company ${invite.companyName} as ${role} on ${productName}.`,
    '',
    'To accept it, open this link and sign in with this email address:',
    invite.link,
    '',
    `The invitation expires on ${expires} and works once.`,
    'If you were not expecting it, you can ignore this email.',
  ].join('\n');

  const e = {
    firstName: escapeHtml(invite.firstName),
    company: escapeHtml(invite.companyName),
    role: escapeHtml(role),
    link: escapeHtml(invite.link),
    expires: escapeHtml(expires),
    subject: escapeHtml(subject),
  };
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e.subject}</title>
</head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<main style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#1f2933;">You are invited to ${e.company}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Hello ${e.firstName},</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">You have received an invitation from company <strong>${e.company}</strong> as <strong>${e.role}</strong> on ${productName}.</p>
<p style="margin:0 0 24px;"><a href="${e.link}" style="display:inline-block;padding:12px 24px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold;">Accept the invitation</a></p>
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${e.link}" style="color:#0b5cad;">${e.link}</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#52606d;">Sign in with this email address. The invitation expires on ${e.expires} and works once. If you were not expecting it, you can ignore this email.</p>
</main>
</body>
</html>
`;
  return { to: invite.to, subject, html, text };
}
