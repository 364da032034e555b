import { swmsCommentPartLabels, type SwmsCommentPart } from '../../src/domain/swms';
import { emailPage, escapeHtml } from './html';
import type { OutgoingMail } from './mailer';

export interface ChangesRequestedEmail {
  readonly to: string;
  readonly firstName: string;
  readonly reviewerName: string;
  /** 'Company Admin' or 'Supervisor': whose flag now shows Changes requested. */
  readonly reviewerRole: string;
  readonly taskDescription: string;
  readonly siteAddress: string;
  readonly comment: string;
  readonly part: SwmsCommentPart | null;
  /** The author's home, where the SWMS shows the request. */
  readonly link: string;
}

const taskOf = (mail: ChangesRequestedEmail) => mail.taskDescription.trim() || 'your SWMS';

/** Issue 57: the SWMS's author learns that a reviewer asked for changes, what to change, and where to see it. */
export function changesRequestedEmail(mail: ChangesRequestedEmail): OutgoingMail {
  const subject = `Changes requested to your SWMS at ${mail.siteAddress}`;
  const about = mail.part === null ? null : `About: ${swmsCommentPartLabels[mail.part]}`;
  const text = [
    `Hello ${mail.firstName},`,
    '',
    `${mail.reviewerName} (${mail.reviewerRole}) asked for changes to ${taskOf(mail)} at ${mail.siteAddress}:`,
    '',
    mail.comment,
    ...(about === null ? [] : ['', about]),
    '',
    'Open your home to see it:',
    mail.link,
  ].join('\n');
  const e = {
    firstName: escapeHtml(mail.firstName),
    reviewer: escapeHtml(`${mail.reviewerName} (${mail.reviewerRole})`),
    task: escapeHtml(taskOf(mail)),
    site: escapeHtml(mail.siteAddress),
    comment: escapeHtml(mail.comment),
    link: escapeHtml(mail.link),
  };
  const content = `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">Changes requested</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Hello ${e.firstName},</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${e.reviewer} asked for changes to <strong>${e.task}</strong> at ${e.site}:</p>
<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #b45309;background:#fff7ed;font-size:16px;line-height:1.5;white-space:pre-wrap;overflow-wrap:anywhere;">${e.comment}</blockquote>
${about === null ? '' : `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;">${escapeHtml(about)}</p>\n`}<p style="margin:0 0 24px;"><a href="${e.link}" style="display:inline-block;padding:12px 24px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold;">Open my SWMS</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${e.link}" style="color:#0b5cad;">${e.link}</a></p>`;
  return { to: mail.to, subject, html: emailPage(subject, content), text };
}
