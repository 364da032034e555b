import { emailPage, escapeHtml } from './html';
import type { OutgoingMail } from './mailer';

export interface SignOnStaleEmail {
  readonly to: string;
  readonly firstName: string;
  readonly taskDescription: string;
  readonly siteAddress: string;
  /** The revision the worker must now read and sign. */
  readonly revision: number;
  /** The phone's page of the site's SWMS to sign. */
  readonly link: string;
}

const taskOf = (mail: SignOnStaleEmail) => mail.taskDescription.trim() || 'a SWMS you signed';

/** Issue 57 §3: a worker who signed an earlier revision learns that the SWMS changed and where to sign it again. */
export function signOnStaleEmail(mail: SignOnStaleEmail): OutgoingMail {
  const subject = `A SWMS you signed at ${mail.siteAddress} has changed: sign on again`;
  const greeting = mail.firstName.trim() === '' ? 'Hello,' : `Hello ${mail.firstName},`;
  const text = [
    greeting,
    '',
    `${taskOf(mail)} at ${mail.siteAddress} has a new revision (revision ${mail.revision}).`,
    'Your sign-on was to an earlier one. Read the new revision and sign on to it before you start the work.',
    '',
    'Open the site’s SWMS to read and sign it:',
    mail.link,
  ].join('\n');
  const e = {
    greeting: escapeHtml(greeting),
    task: escapeHtml(taskOf(mail)),
    site: escapeHtml(mail.siteAddress),
    link: escapeHtml(mail.link),
  };
  const content = `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">Sign on again</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${e.greeting}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;"><strong>${e.task}</strong> at ${e.site} has a new revision (revision ${mail.revision}).</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Your sign-on was to an earlier one. Read the new revision and sign on to it before you start the work.</p>
<p style="margin:0 0 24px;"><a href="${e.link}" style="display:inline-block;padding:12px 24px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold;">Read and sign</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${e.link}" style="color:#0b5cad;">${e.link}</a></p>`;
  return { to: mail.to, subject, html: emailPage(subject, content), text };
}
