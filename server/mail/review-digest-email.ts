import { fullAddress } from '../../src/domain/project-site';
import { formatDateTime } from '../../src/domain/dates';
import { emailPage, escapeHtml } from './html';
import type { OutgoingMail } from './mailer';

export interface DigestSwms {
  readonly swmsId: string;
  readonly companyId: string;
  readonly companyName: string;
  readonly submitter: string;
  readonly address: string;
  readonly suburb: string;
  readonly postcode: string;
  readonly siteNumber: string;
  readonly timeZone: string;
  readonly submittedAt: Date;
  /** Issue 57: the revision awaiting review (1: the submission), when it was sent, and whether it answers a changes request. */
  readonly revision: number;
  readonly revisedAt: Date | null;
  readonly answersChanges: boolean;
  /** The other reviewer who asked for changes on this revision, while the recipient's own review waits. */
  readonly changesRequestedBy: 'companyAdmin' | 'supervisor' | null;
}

export interface ReviewDigest {
  readonly to: string;
  readonly firstName: string;
  readonly publicUrl: string;
  readonly items: readonly DigestSwms[];
}

/** Issue 55 §3: a SWMS is submitted at its site, so the time is the site's, named by its zone. */
const submittedText = (item: DigestSwms): string => formatDateTime(item.submittedAt, item.timeZone);

/** 'submitted …', or for a later revision (issue 57) 'revision 2 sent …, after changes were requested'. */
function sentText(item: DigestSwms): string {
  if (item.revision <= 1) return `submitted ${submittedText(item)}`;
  const when = formatDateTime(item.revisedAt ?? item.submittedAt, item.timeZone);
  return `revision ${item.revision} sent ${when}${item.answersChanges ? ', after changes were requested' : ''}`;
}

const requestedBy = { companyAdmin: 'the company admin', supervisor: 'the site supervisor' } as const;

/** Issue 57: a changes request by the other reviewer, which the recipient may want to read before reviewing. */
const changesText = (item: DigestSwms): string | null =>
  item.changesRequestedBy === null ? null : `${requestedBy[item.changesRequestedBy]} requested changes`;

const digestSubject = (count: number) => `${count} SWMS awaiting your review`;

/** Issue 10: one email listing every SWMS awaiting the person's review, with a link to each and to the For Review list. */
export function reviewDigestEmail(digest: ReviewDigest): OutgoingMail {
  const subject = digestSubject(digest.items.length);
  const swmsLink = (item: DigestSwms) => `${digest.publicUrl}/company/${item.companyId}/swms/${item.swmsId}`;
  const companies = [...new Map(digest.items.map((item) => [item.companyId, item.companyName])).entries()];
  const forReviewLink = (companyId: string) => `${digest.publicUrl}/company/${companyId}/swms?filter=status.string.forReview`;
  const companyNames = companies.map(([, name]) => name).join(' and ');
  const lead = `${digest.items.length === 1 ? 'This SWMS is' : `These ${digest.items.length} SWMS are`} awaiting your review at ${companyNames}:`;
  const describe = (item: DigestSwms) =>
    [item.submitter, fullAddress(item), `Job No ${item.siteNumber}`, sentText(item), changesText(item)].filter((part) => part !== null).join(' · ');
  const footer = 'You get at most one of these emails an hour, while SWMS wait for your review.';

  const text = [
    `Hello ${digest.firstName},`,
    '',
    lead,
    '',
    ...digest.items.flatMap((item) => [`- ${describe(item)}`, `  ${swmsLink(item)}`]),
    '',
    ...companies.map(([companyId, name]) => `Every SWMS for review at ${name}: ${forReviewLink(companyId)}`),
    '',
    footer,
  ].join('\n');

  const rows = digest.items
    .map(
      (item) => `<li style="margin:0 0 16px;font-size:15px;line-height:1.5;">
<a href="${escapeHtml(swmsLink(item))}" style="color:#0b5cad;font-weight:bold;">${escapeHtml(fullAddress(item))}</a><br>
Job No ${escapeHtml(item.siteNumber)} · submitted by ${escapeHtml(item.submitter)}<br>
<span style="color:#52606d;">${escapeHtml(sentText(item))}</span>${changesText(item) === null ? '' : `<br>\n<strong>${escapeHtml(changesText(item) ?? '')}</strong>`}
</li>`,
    )
    .join('\n');
  const buttons = companies
    .map(
      ([companyId, name]) =>
        `<p style="margin:0 0 16px;"><a href="${escapeHtml(forReviewLink(companyId))}" style="display:inline-block;padding:12px 24px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold;">Open the For Review list${companies.length > 1 ? ` of ${escapeHtml(name)}` : ''}</a></p>`,
    )
    .join('\n');
  const html = emailPage(
    subject,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#1f2933;">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Hello ${escapeHtml(digest.firstName)},</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(lead)}</p>
<ul style="margin:0 0 24px;padding-left:20px;">
${rows}
</ul>
${buttons}
<p style="margin:8px 0 0;font-size:14px;line-height:1.5;color:#52606d;">${escapeHtml(footer)}</p>`,
  );
  return { to: digest.to, subject, html, text };
}
