import { formatDateTime, formatTime } from '../../src/domain/dates';
import type { OnSitePerson } from '../../src/domain/site-visit';
import { finish, newDocument } from './swms-pdf';
import { lineHeight, textHeight, writeText } from './text';

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
  writeText(doc, evacuationText.title, { x: margin, y: margin, width, size: 20, weight: 'bold', color: ink });
  writeText(doc, `${list.companyName} · Job No. ${list.siteNumber}`, { width, size: 11, color: ink });
  writeText(doc, `${list.address}, ${list.suburb} ${list.postcode}`, { width, size: 11, color: ink });
  writeText(doc, evacuationText.printed(formatDateTime(list.printedAt, list.timeZone)), { width, size: 10, color: muted });
  writeText(doc, evacuationText.onSite(list.people.length), { width, size: 13, weight: 'bold', color: ink });
  doc.y += lineHeight(13) * 0.6;
  const top = doc.y;
  const lefts = columnLefts();
  evacuationText.columns.forEach((title, index) => {
    writeText(doc, title.toUpperCase(), { x: (lefts[index] ?? margin) + padding, y: top, width: (widths[index] ?? 0) - padding * 2, maxLines: 1, pageBreaks: false, size: 9, weight: 'bold', color: muted });
  });
  const below = top + 14;
  doc.moveTo(margin, below).lineTo(doc.page.width - margin, below).lineWidth(1).strokeColor(ink).stroke();
  doc.y = below + 2;
}

const cellStyle = (index: number) => ({
  width: (widths[index] ?? 0) - padding * 2,
  maxLines: maxLines[index] ?? 1,
  size: fontSize,
  weight: index === 1 ? ('bold' as const) : ('regular' as const),
});

const cellHeight = (doc: Doc, text: string, index: number) => (text ? textHeight(doc, text, cellStyle(index)) : 0);

function rowHeight(doc: Doc, texts: readonly string[]): number {
  const heights = texts.map((text, index) => cellHeight(doc, text, index));
  return Math.max(26, ...heights.map((height) => height + padding * 2));
}

function personRow(doc: Doc, texts: readonly string[], top: number, height: number): void {
  const lefts = columnLefts();
  doc.rect(margin + 7, top + padding + 1, 12, 12).lineWidth(1).strokeColor(ink).stroke();
  texts.forEach((text, index) => {
    if (!text) return;
    writeText(doc, text, { ...cellStyle(index), x: (lefts[index] ?? margin) + padding, y: top + padding, pageBreaks: false, color: ink });
  });
  doc.moveTo(margin, top + height).lineTo(doc.page.width - margin, top + height).lineWidth(0.5).strokeColor(rule).stroke();
}

/** Issue 10 §3 'Evacuation list' as an A4 PDF: a tick box per person, the header again on every page. */
export function evacuationListPdf(list: EvacuationList): Promise<Buffer> {
  const doc = newDocument(`${evacuationText.title} ${list.siteNumber} ${formatDateTime(list.printedAt, list.timeZone)}`);
  const bottom = doc.page.height - margin - 20;
  pageHeader(doc, list);
  if (list.people.length === 0) writeText(doc, evacuationText.empty, { x: margin + padding, y: doc.y + padding, size: 11, color: muted });
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
