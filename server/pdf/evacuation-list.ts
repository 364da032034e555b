import { formatDateTime, formatTime } from '../../src/domain/dates';
import type { OnSitePerson } from '../../src/domain/site-visit';
import { finish, newDocument } from './swms-pdf';

/** Everyone on a site now, for the muster (issue 10 §3). */
export interface EvacuationList {
  readonly companyName: string;
  readonly siteNumber: string;
  readonly address: string;
  readonly suburb: string;
  readonly postcode: string;
  readonly timeZone: string;
  readonly printedAt: Date;
  readonly people: readonly OnSitePerson[];
}

export const evacuationText = {
  title: 'Evacuation list',
  printed: (when: string) => `Printed ${when}`,
  onSite: (count: number) => `On site now: ${count}`,
  empty: 'No Data Found',
  columns: ['', 'Name', 'Trade', 'Phone', 'Emergency contact', 'Time in'],
} as const;

type Doc = PDFKit.PDFDocument;

const margin = 48;
const ink = '#111111';
const muted = '#555555';
const rule = '#999999';
const widths = [26, 112, 92, 78, 117, 74];
const padding = 5;
const fontSize = 10;
/** Lines a cell may take: the trade is cut short (with an ellipsis) so a long qualification list never swells a row. */
const maxLines = [1, 3, 2, 2, 3, 1];


function cells(person: OnSitePerson, timeZone: string): string[] {
  return [
    '',
    `${person.firstName} ${person.surname}`.trim(),
    person.trade || '—',
    person.phone || '—',
    [person.emergencyContactName, person.emergencyContactPhone].filter((part) => part.trim()).join('\n') || '—',
    formatTime(person.checkedInAt, timeZone),
  ];
}

function columnLefts(): number[] {
  const lefts: number[] = [];
  let x = margin;
  for (const width of widths) {
    lefts.push(x);
    x += width;
  }
  return lefts;
}

/** The site block and the column titles, at the top of every page. */
function pageHeader(doc: Doc, list: EvacuationList): void {
  const width = doc.page.width - margin * 2;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(ink).text(evacuationText.title, margin, margin, { width });
  doc.font('Helvetica').fontSize(11).fillColor(ink).text(`${list.companyName} · Job No. ${list.siteNumber}`, { width });
  doc.text(`${list.address}, ${list.suburb} ${list.postcode}`, { width });
  doc.font('Helvetica').fontSize(10).fillColor(muted).text(evacuationText.printed(formatDateTime(list.printedAt, list.timeZone)), { width });
  doc.font('Helvetica-Bold').fontSize(13).fillColor(ink).text(evacuationText.onSite(list.people.length), { width });
  doc.moveDown(0.6);
  const top = doc.y;
  const lefts = columnLefts();
  doc.font('Helvetica-Bold').fontSize(9).fillColor(muted);
  evacuationText.columns.forEach((title, index) => {
    doc.text(title.toUpperCase(), (lefts[index] ?? margin) + padding, top, { width: (widths[index] ?? 0) - padding * 2, lineBreak: false });
  });
  const below = top + 14;
  doc.moveTo(margin, below).lineTo(doc.page.width - margin, below).lineWidth(1).strokeColor(ink).stroke();
  doc.y = below + 2;
}

const cellHeight = (doc: Doc, text: string, index: number) => {
  if (!text) return 0;
  const cap = doc.currentLineHeight(true) * (maxLines[index] ?? 1);
  return Math.min(cap, doc.heightOfString(text, { width: (widths[index] ?? 0) - padding * 2 }));
};

function rowHeight(doc: Doc, texts: readonly string[]): number {
  doc.font('Helvetica-Bold').fontSize(fontSize);
  const heights = texts.map((text, index) => cellHeight(doc, text, index));
  return Math.max(26, ...heights.map((height) => height + padding * 2));
}

function personRow(doc: Doc, texts: readonly string[], top: number, height: number): void {
  const lefts = columnLefts();
  doc.rect(margin + 7, top + padding + 1, 12, 12).lineWidth(1).strokeColor(ink).stroke();
  texts.forEach((text, index) => {
    if (!text) return;
    doc.font(index === 1 ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize).fillColor(ink);
    doc.text(text, (lefts[index] ?? margin) + padding, top + padding, {
      width: (widths[index] ?? 0) - padding * 2,
      height: cellHeight(doc, text, index) + 1,
      ellipsis: true,
    });
  });
  doc.moveTo(margin, top + height).lineTo(doc.page.width - margin, top + height).lineWidth(0.5).strokeColor(rule).stroke();
}

/** Issue 10 §3 'Evacuation list' as an A4 PDF: a tick box per person, the header again on every page. */
export function evacuationListPdf(list: EvacuationList): Promise<Buffer> {
  const doc = newDocument(`${evacuationText.title} ${list.siteNumber} ${formatDateTime(list.printedAt, list.timeZone)}`);
  const bottom = doc.page.height - margin - 20;
  pageHeader(doc, list);
  if (list.people.length === 0) doc.font('Helvetica').fontSize(11).fillColor(muted).text(evacuationText.empty, margin + padding, doc.y + padding);
  for (const person of list.people) {
    const texts = cells(person, list.timeZone);
    const height = rowHeight(doc, texts);
    if (doc.y + height > bottom) {
      doc.addPage();
      pageHeader(doc, list);
    }
    const top = doc.y;
    personRow(doc, texts, top, height);
    doc.y = top + height;
  }
  return finish(doc, `${list.companyName} · ${evacuationText.title} · Job No. ${list.siteNumber} · ${evacuationText.printed(formatDateTime(list.printedAt, list.timeZone))}`);
}
