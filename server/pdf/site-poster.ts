import PDFDocument from 'pdfkit';
import { ppeLabels, type Ppe } from '../../src/domain/ppe';
import { drawPictogram, ppePictograms } from './ppe-pictograms';
import { drawQr, placeQr, qrMatrix, type QrPlacement } from './qr-code';
import { writeText } from './text';

/** What the poster at a site's gate shows (issue 10 §1). */
export interface SitePoster {
  readonly companyName: string;
  readonly address: string;
  readonly suburb: string;
  readonly postcode: string;
  readonly siteNumber: string;
  readonly ppe: readonly Ppe[];
  readonly otherPpe: string;
  /** The check-in page's address with the site's current key. */
  readonly url: string;
}

export const posterText = {
  heading: 'Site check-in',
  instructions: 'Scan with your phone camera to check in and submit your SWMS. No app needed.',
  ppeHeading: 'PPE required on this site',
  noPpe: 'No PPE listed for this site',
  otherPpe: 'Other PPE',
  jobNumber: (siteNumber: string) => `Job No. ${siteNumber}`,
} as const;

const pageWidth = 595.28;
const margin = 48;
const textWidth = pageWidth - margin * 2;
const ink = '#000000';
const muted = '#333333';

/** Where the QR code sits on the poster: fixed, so the text above never pushes it off the page. */
export const posterQrBox = { left: (pageWidth - 343) / 2, top: 174, side: 343 } as const;

const iconSize = 46;
const iconsPerRow = 5;
const cellWidth = textWidth / iconsPerRow;

function ppeGrid(doc: PDFKit.PDFDocument, ppe: readonly Ppe[], top: number): number {
  const rows = Math.ceil(ppe.length / iconsPerRow);
  ppe.forEach((item, index) => {
    const row = Math.floor(index / iconsPerRow);
    const inRow = Math.min(iconsPerRow, ppe.length - row * iconsPerRow);
    const rowLeft = margin + (textWidth - inRow * cellWidth) / 2;
    const cellLeft = rowLeft + (index % iconsPerRow) * cellWidth;
    const y = top + row * (iconSize + 30);
    doc.strokeColor(ink);
    drawPictogram(doc, ppePictograms[item], cellLeft + (cellWidth - iconSize) / 2, y, iconSize);
    writeText(doc, ppeLabels[item], { x: cellLeft, y: y + iconSize + 4, width: cellWidth, align: 'center', maxLines: 1, pageBreaks: false, size: 10, weight: 'bold', color: ink });
  });
  return top + rows * (iconSize + 30);
}

/** Writes the poster onto the document's first page and answers where its QR code was drawn. */
export function writeSitePoster(doc: PDFKit.PDFDocument, poster: SitePoster): QrPlacement {
  const centred = { x: margin, width: textWidth, align: 'center' as const };
  const line = { ...centred, maxLines: 1, pageBreaks: false };
  writeText(doc, posterText.heading, { ...line, y: 36, size: 46, weight: 'bold', color: ink });
  writeText(doc, poster.companyName, { ...line, y: 97, size: 18, color: muted });
  writeText(doc, `${poster.address}, ${poster.suburb} ${poster.postcode}`, { ...line, y: 124, size: 15, color: ink });
  writeText(doc, posterText.jobNumber(poster.siteNumber), { ...line, y: 146, size: 15, weight: 'bold', color: ink });

  const { left, top, side } = posterQrBox;
  const placement = placeQr(qrMatrix(poster.url), left, top, side);
  drawQr(doc, placement, left, top, side);
  doc.rect(left, top, side, side).lineWidth(1).strokeColor('#999999').stroke();

  const instructionsMargin = 30;
  writeText(doc, posterText.instructions, { x: instructionsMargin, y: top + side + 12, width: pageWidth - instructionsMargin * 2, align: 'center', size: 13, weight: 'bold', color: ink });

  const ppeTop = doc.y + 12;
  writeText(doc, posterText.ppeHeading.toUpperCase(), { ...centred, y: ppeTop, size: 13, weight: 'bold', color: ink, characterSpacing: 0.5 });
  let y = doc.y + 10;
  if (poster.ppe.length === 0) {
    writeText(doc, posterText.noPpe, { ...centred, y, size: 12, color: muted });
    y = doc.y;
  } else {
    y = ppeGrid(doc, poster.ppe, y);
  }
  if (poster.otherPpe.trim()) {
    writeText(doc, `${posterText.otherPpe}: ${poster.otherPpe.trim()}`, { ...centred, y: y + 6, maxLines: 2, pageBreaks: false, size: 11, color: ink });
  }
  // The address in small print, for a phone that cannot scan; below the margin, on this page.
  writeText(doc, poster.url, { ...centred, y: 804, maxLines: 2, pageBreaks: false, size: 7, color: '#666666' });
  return placement;
}

/** Issue 10 §1: the A4 site poster as a PDF. */
export function sitePosterPdf(poster: SitePoster): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    info: { Title: `Site check-in ${poster.siteNumber}`, Creator: 'SiteSafe Portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  writeSitePoster(doc, poster);
  doc.end();
  return done;
}
