import PDFDocument from 'pdfkit';
import type { AuditEvent } from '../../src/domain/audit';
import { auditSentence } from '../../src/domain/audit-sentence';
import { formatActivity } from '../../src/domain/dates';
import { ppeLabels } from '../../src/domain/ppe';
import { consequenceScale, likelihoodScale, riskBand, riskBandColours } from '../../src/domain/risk';
import { reviewStatusOf, swmsCommentPartLabels, type ReviewFlag, type Swms } from '../../src/domain/swms';
import { swmsSignOnMessages } from '../../src/domain/swms-signon';
import { moveDown, textHeight, writeList, writeText } from './text';

/** One line of a SWMS's sign-on sheet (issue 57 §3): who signed which revision when, and how. */
export interface SignOnSheetLine {
  readonly name: string;
  readonly revision: number;
  readonly signedAt: string;
  readonly signature: { readonly kind: 'drawn'; readonly image: string } | { readonly kind: 'typed'; readonly name: string } | { readonly kind: 'authored' };
}

/** Everything one SWMS record holds, as the PDF prints it. */
export interface SwmsRecord {
  readonly companyName: string;
  readonly swms: Swms;
  readonly history: readonly AuditEvent[];
  readonly riskPhoto: Buffer | null;
  readonly controlPhoto: Buffer | null;
  /** Every sign-on, oldest first; null when the reader may not see who signed (another site's supervisor). */
  readonly signOns: readonly SignOnSheetLine[] | null;
}

type Doc = PDFKit.PDFDocument;

const margin = 48;
const ink = '#111111';
const muted = '#555555';
const rule = '#999999';

const person = (details: { readonly firstName: string; readonly surname: string } | null) =>
  details ? `${details.firstName} ${details.surname}`.trim() : '';

function heading(doc: Doc, text: string): void {
  if (doc.y > doc.page.height - margin - 80) doc.addPage();
  moveDown(doc, 0.8, 12);
  writeText(doc, text.toUpperCase(), { x: margin, size: 12, weight: 'bold', color: ink, characterSpacing: 0.5 });
  const y = doc.y + 2;
  doc.moveTo(margin, y).lineTo(doc.page.width - margin, y).lineWidth(0.75).strokeColor(rule).stroke();
  moveDown(doc, 0.5, 12);
}

function field(doc: Doc, label: string, value: string): void {
  writeText(doc, label.toUpperCase(), { x: margin, size: 9, weight: 'bold', color: muted });
  writeText(doc, value || '—', { x: margin, size: 11, color: ink });
  moveDown(doc, 0.4, 11);
}

function photo(doc: Doc, label: string, bytes: Buffer | null): void {
  if (!bytes) return;
  if (doc.y > doc.page.height - margin - 220) doc.addPage();
  writeText(doc, label.toUpperCase(), { x: margin, size: 9, weight: 'bold', color: muted });
  try {
    doc.image(bytes, margin, doc.y, { fit: [260, 200] });
  } catch {
    writeText(doc, 'The photo could not be read.', { x: margin, size: 10, color: muted });
  }
  moveDown(doc, 0.5, 10);
}

/**
 * The 5x5 matrix: each cell shows its level and band initial, so it reads in black and white; the
 * SWMS's own cell is outlined heavily and marked.
 */
function matrix(doc: Doc, consequence: number, likelihood: number): void {
  const cell = 44;
  const header = 24;
  const labelWidth = 100;
  if (doc.y > doc.page.height - margin - (cell * 5 + header + 50)) doc.addPage();
  const top = doc.y + 14;
  const left = margin + labelWidth;
  writeText(doc, 'CONSEQUENCE (ACROSS) BY LIKELIHOOD (DOWN)', { x: left, y: top - 14, size: 8, weight: 'bold', color: muted, pageBreaks: false });
  for (let c = 1; c <= 5; c += 1) {
    writeText(doc, `${c} ${consequenceScale[c - 1]?.label ?? ''}`, { x: left + (c - 1) * cell, y: top, width: cell, align: 'center', size: 7, color: ink, pageBreaks: false });
  }
  for (let l = 5; l >= 1; l -= 1) {
    const y = top + header + (5 - l) * cell;
    writeText(doc, `${l} ${likelihoodScale[l - 1]?.label ?? ''}`, { x: margin, y: y + cell / 2 - 5, width: labelWidth - 6, align: 'right', size: 7, color: ink, pageBreaks: false });
    for (let c = 1; c <= 5; c += 1) {
      const x = left + (c - 1) * cell;
      const level = c * l;
      const band = riskBand(level);
      doc.rect(x, y, cell, cell).fillOpacity(0.35).fillAndStroke(riskBandColours[band], ink).fillOpacity(1);
      const chosen = c === consequence && l === likelihood;
      const size = chosen ? 11 : 8;
      writeText(doc, chosen ? `X ${level}` : `${level} ${band[0]}`, { x, y: y + cell / 2 - size * 0.65, width: cell, align: 'center', size, weight: chosen ? 'bold' : 'regular', color: ink, pageBreaks: false });
      if (chosen) doc.rect(x + 1.5, y + 1.5, cell - 3, cell - 3).lineWidth(3).strokeColor(ink).stroke().lineWidth(1);
    }
  }
  writeText(doc, 'L Low · M Moderate · H High · C Catastrophic · X this SWMS', { x: margin, y: top + header + 5 * cell + 6, size: 8, color: muted, pageBreaks: false });
  moveDown(doc, 0.5, 8);
}

const roleNames: Record<ReviewFlag, string> = { companyAdmin: 'Company Admin', supervisor: 'Supervisor' };

/** One flag's state; a request for changes is named by its latest comment on that flag, which the request wrote. */
function review(doc: Doc, label: string, swms: Swms, flag: ReviewFlag): void {
  const timeZone = swms.site.timeZone;
  const [reviewedAt, changesAt, details] =
    flag === 'companyAdmin'
      ? [swms.companyAdminReviewedAt, swms.companyAdminChangesRequestedAt, swms.companyAdminReviewerDetails]
      : [swms.supervisorReviewedAt, swms.supervisorChangesRequestedAt, swms.supervisorReviewerDetails];
  const status = reviewStatusOf(reviewedAt, changesAt);
  if (status === 'reviewed' && reviewedAt !== null) field(doc, label, `Reviewed by ${person(details)}, ${formatActivity(reviewedAt, timeZone)}`);
  else if (status === 'changesRequested' && changesAt !== null) {
    const request = swms.comments.filter((comment) => comment.role === flag).at(-1);
    field(doc, label, `Changes requested${request ? ` by ${person(request.author)}` : ''}, ${formatActivity(changesAt, timeZone)}`);
  } else field(doc, label, 'For Review');
}

function comments(doc: Doc, swms: Swms): void {
  heading(doc, 'Review comments');
  if (swms.comments.length === 0) writeText(doc, 'No comments.', { x: margin, size: 10, color: ink });
  for (const comment of swms.comments) {
    const about = comment.part === null ? '' : ` · About: ${swmsCommentPartLabels[comment.part]}`;
    const meta = `${person(comment.author)} (${roleNames[comment.role]}), ${formatActivity(comment.createdAt, swms.site.timeZone)} · Revision ${comment.revision}${about}`;
    writeText(doc, meta, { x: margin, size: 9, weight: 'bold', color: muted });
    writeText(doc, comment.text, { x: margin, size: 11, color: ink });
    moveDown(doc, 0.4, 11);
  }
}

const signatureBox = { width: 170, height: 56 } as const;

/** The signature column of a sign-on row: the drawn image, the typed name, or 'Author'. */
function signature(doc: Doc, line: SignOnSheetLine, x: number, y: number): void {
  const { width, height } = signatureBox;
  if (line.signature.kind === 'drawn') {
    try {
      doc.image(Buffer.from(line.signature.image.slice(line.signature.image.indexOf(',') + 1), 'base64'), x, y, { fit: [width, height] });
    } catch {
      writeText(doc, 'The signature could not be read.', { x, y, width, size: 9, color: muted, pageBreaks: false });
    }
    return;
  }
  const [text, note] = line.signature.kind === 'typed' ? [line.signature.name, 'Typed name'] : ['Author', 'Signed by writing this revision'];
  writeText(doc, text, { x, y, width, size: 12, weight: 'bold', color: ink, maxLines: 2, pageBreaks: false });
  writeText(doc, note, { x, width, size: 8, color: muted, pageBreaks: false });
}

/**
 * Issue 57 §3: the sheet the SWMS ends with, a row per sign-on: the worker's name, the revision and the time on the
 * site's clock with its zone, and the signature.
 */
function signOnSheet(doc: Doc, record: SwmsRecord): void {
  const { swms } = record;
  heading(doc, 'Sign-on sheet');
  if (record.signOns === null) {
    writeText(doc, 'Who signed on is shown to the company’s admins and auditors and to the supervisor of this site.', { x: margin, size: 10, color: ink });
    return;
  }
  writeText(doc, `This SWMS is at revision ${swms.revision}. Each worker confirmed: “${swmsSignOnMessages.confirmation}”.`, { x: margin, size: 9, color: muted });
  moveDown(doc, 0.4, 9);
  if (record.signOns.length === 0) writeText(doc, 'No sign-ons yet.', { x: margin, size: 10, color: ink });
  const width = doc.page.width - margin * 2;
  const textWidth = width - signatureBox.width - 16;
  const signatureX = margin + width - signatureBox.width;
  for (const line of record.signOns) {
    const details = `Revision ${line.revision} · ${formatActivity(line.signedAt, swms.site.timeZone)}`;
    const textRows = textHeight(doc, line.name, { size: 11, weight: 'bold', width: textWidth, maxLines: 3 }) + textHeight(doc, details, { size: 9, width: textWidth });
    const rowHeight = Math.max(textRows, signatureBox.height) + 10;
    // The footer sits 34 points from the bottom edge.
    if (doc.y + rowHeight > doc.page.height - margin - 20) doc.addPage();
    const top = doc.y;
    writeText(doc, line.name, { x: margin, y: top, width: textWidth, size: 11, weight: 'bold', color: ink, maxLines: 3, pageBreaks: false });
    writeText(doc, details, { x: margin, width: textWidth, size: 9, color: muted, pageBreaks: false });
    signature(doc, line, signatureX, top);
    const bottom = top + rowHeight;
    doc.moveTo(margin, bottom - 4).lineTo(margin + width, bottom - 4).lineWidth(0.5).strokeColor(rule).stroke();
    doc.x = margin;
    doc.y = bottom;
  }
}

/** Writes one SWMS, from the top of a fresh page, into doc. */
export function writeSwms(doc: Doc, record: SwmsRecord): void {
  const { swms } = record;
  writeText(doc, 'Safe Work Method Statement', { x: margin, y: margin, size: 18, weight: 'bold', color: ink });
  // Issue 57: which revision this is, beside the title, so a printed copy shows whether it is the current one.
  writeText(doc, `Revision ${swms.revision}`, { x: margin, size: 12, weight: 'bold', color: ink });
  writeText(doc, `${record.companyName} · Job ${swms.site.siteNumber} · ${swms.site.fullAddress}`, { x: margin, size: 11, color: muted });
  moveDown(doc, 0.6, 11);
  field(doc, 'Submitted by', `${person(swms.createdUserDetails)}, ${formatActivity(swms.createdAt, swms.site.timeZone)}`);

  heading(doc, 'High-risk construction work');
  writeList(doc, swms.highRiskWork.length > 0 ? swms.highRiskWork : ['—'], { x: margin, size: 11, color: ink });

  heading(doc, 'Task');
  field(doc, 'Task description', swms.task.taskDescription);
  field(doc, 'Mobile plant and tools', swms.task.mobilePlantTools);

  heading(doc, 'Hazards and risks');
  field(doc, 'Hazards', swms.task.riskText);
  photo(doc, 'Photo of the hazard', record.riskPhoto);

  heading(doc, 'Control measures');
  field(doc, 'Controls', swms.task.controlText);
  field(doc, 'How they are implemented', swms.task.controlImplementation);
  field(doc, 'How they are monitored', swms.task.controlMonitoring);
  field(doc, 'How they are reviewed', swms.task.controlReview);
  photo(doc, 'Photo of the controls', record.controlPhoto);

  heading(doc, 'Risk assessment');
  const consequence = consequenceScale[swms.riskConsequenceLevel - 1];
  const likelihood = likelihoodScale[swms.riskLikelihoodLevel - 1];
  field(doc, 'Consequence', `${swms.riskConsequenceLevel} ${consequence?.label ?? ''} (${consequence?.detail ?? ''})`);
  field(doc, 'Likelihood', `${swms.riskLikelihoodLevel} ${likelihood?.label ?? ''} (${likelihood?.detail ?? ''})`);
  field(doc, 'Overall risk', `${swms.riskOverallLevel}: ${swms.riskBand}`);
  matrix(doc, swms.riskConsequenceLevel, swms.riskLikelihoodLevel);

  heading(doc, 'Personal protective equipment');
  const ppe = swms.task.ppe.map((item) => ppeLabels[item]);
  writeList(doc, ppe.length > 0 ? ppe : ['—'], { x: margin, size: 11, color: ink });
  if (swms.task.otherPpe) field(doc, 'Other PPE', swms.task.otherPpe);

  heading(doc, 'Reviews');
  review(doc, 'Company admin review', swms, 'companyAdmin');
  review(doc, 'Site supervisor review', swms, 'supervisor');
  comments(doc, swms);

  heading(doc, 'History (audit trail)');
  if (record.history.length === 0) writeText(doc, 'No events since it was submitted.', { x: margin, size: 10, color: ink });
  for (const event of record.history) {
    writeText(doc, `#${event.seq}  ${auditSentence(event, swms.site.timeZone)}`, { x: margin, size: 10, color: ink });
  }
  const last = record.history.at(-1);
  moveDown(doc, 0.5, 10);
  writeText(doc, last ? `Hash of the last event: ${last.hash}` : 'No audit event yet.', { x: margin, size: 9, color: muted });

  signOnSheet(doc, record);
}

/** Page numbers and the footer line on every page, written once the content is complete. */
function footers(doc: Doc, line: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    writeText(doc, `${line} · Page ${index + 1} of ${range.count}`, {
      x: margin,
      y: doc.page.height - 34,
      width: doc.page.width - margin * 2,
      align: 'center',
      maxLines: 1,
      pageBreaks: false,
      size: 8,
      color: muted,
    });
    doc.page.margins.bottom = bottom;
  }
}

export function newDocument(title: string): Doc {
  return new PDFDocument({ size: 'A4', margin, bufferPages: true, info: { Title: title, Creator: 'SiteSafe Portal' } });
}

/** Collects a document into one buffer once it ends. */
export function finish(doc: Doc, footer: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  footers(doc, footer);
  doc.end();
  return done;
}

/** One SWMS as an A4 PDF. */
export function swmsPdf(record: SwmsRecord): Promise<Buffer> {
  const doc = newDocument(`SWMS ${record.swms.site.siteNumber} ${formatActivity(record.swms.createdAt, record.swms.site.timeZone)}`);
  writeSwms(doc, record);
  return finish(doc, `${record.companyName} · SWMS ${record.swms._id} · generated ${formatActivity(new Date(), record.swms.site.timeZone)}`);
}

/**
 * Several SWMS in one PDF, after contents pages that name each and the page it starts on. Each SWMS's times are on its
 * site's clock; when the file was written is on `viewerTimeZone`'s, the clock of whoever asked for it (spec §3).
 */
export function swmsBundlePdf(companyName: string, records: readonly SwmsRecord[], viewerTimeZone: string): Promise<Buffer> {
  const generated = formatActivity(new Date(), viewerTimeZone);
  const doc = newDocument(`${companyName} SWMS records`);
  const lineHeight = 14;
  writeText(doc, `${companyName}: SWMS records`, { x: margin, y: margin, size: 18, weight: 'bold', color: ink });
  writeText(doc, `${records.length} SWMS · generated ${generated}`, { x: margin, size: 10, color: muted });
  moveDown(doc, 1, 10);
  const contentsTop = doc.y;
  const bottom = doc.page.height - margin - 20;
  const firstCapacity = Math.floor((bottom - contentsTop) / lineHeight);
  const laterCapacity = Math.floor((bottom - margin) / lineHeight);
  const extraContentsPages = Math.max(0, Math.ceil((records.length - firstCapacity) / laterCapacity));
  for (let page = 0; page < extraContentsPages; page += 1) doc.addPage();
  const starts: number[] = [];
  for (const record of records) {
    doc.addPage();
    starts.push(doc.bufferedPageRange().count);
    writeSwms(doc, record);
  }
  const width = doc.page.width - margin * 2;
  records.forEach((record, index) => {
    const contentsPage = index < firstCapacity ? 0 : 1 + Math.floor((index - firstCapacity) / laterCapacity);
    const row = index < firstCapacity ? index : (index - firstCapacity) % laterCapacity;
    const y = (contentsPage === 0 ? contentsTop : margin) + row * lineHeight;
    doc.switchToPage(contentsPage);
    const swms = record.swms;
    const line = `${index + 1}. Job ${swms.site.siteNumber} · ${person(swms.createdUserDetails)} · ${formatActivity(swms.createdAt, swms.site.timeZone)}`;
    writeText(doc, line, { x: margin, y, width: width - 70, maxLines: 1, pageBreaks: false, size: 10, color: ink });
    writeText(doc, `page ${starts[index]}`, { x: margin + width - 70, y, width: 70, align: 'right', pageBreaks: false, size: 10, color: ink });
  });
  return finish(doc, `${companyName} · SWMS records · generated ${generated}`);
}
