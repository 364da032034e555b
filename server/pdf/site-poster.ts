import PDFDocument from 'pdfkit';
import { ppeLabels, type Ppe } from '../../src/domain/ppe';
import { drawPictogram, ppePictograms } from './ppe-pictograms';
import { drawQr, placeQr, qrMatrix, type QrPlacement } from './qr-code';

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
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ink).text(ppeLabels[item], cellLeft, y + iconSize + 6, { width: cellWidth, align: 'center', lineBreak: false });
  });
  return top + rows * (iconSize + 30);
}

/** Writes the poster onto the document's first page and answers where its QR code was drawn. */
export function writeSitePoster(doc: PDFKit.PDFDocument, poster: SitePoster): QrPlacement {
  const centred = { width: textWidth, align: 'center' as const };
  doc.font('Helvetica-Bold').fontSize(46).fillColor(ink).text(posterText.heading, margin, 44, { ...centred, lineBreak: false });
  doc.font('Helvetica').fontSize(18).fillColor(muted).text(poster.companyName, margin, 100, { ...centred, height: 22, ellipsis: true, lineBreak: false });
  doc.font('Helvetica').fontSize(15).fillColor(ink).text(`${poster.address}, ${poster.suburb} ${poster.postcode}`, margin, 126, { ...centred, height: 18, ellipsis: true, lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(15).fillColor(ink).text(posterText.jobNumber(poster.siteNumber), margin, 148, { ...centred, lineBreak: false });

  const { left, top, side } = posterQrBox;
  const placement = placeQr(qrMatrix(poster.url), left, top, side);
  drawQr(doc, placement, left, top, side);
  doc.rect(left, top, side, side).lineWidth(1).strokeColor('#999999').stroke();

  const instructionsMargin = 30;
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(ink)
    .text(posterText.instructions, instructionsMargin, top + side + 14, { width: pageWidth - instructionsMargin * 2, align: 'center' });

  const ppeTop = doc.y + 16;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(ink).text(posterText.ppeHeading.toUpperCase(), margin, ppeTop, { ...centred, characterSpacing: 0.5 });
  let y = doc.y + 12;
  if (poster.ppe.length === 0) {
    doc.font('Helvetica').fontSize(12).fillColor(muted).text(posterText.noPpe, margin, y, centred);
    y = doc.y;
  } else {
    y = ppeGrid(doc, poster.ppe, y);
  }
  if (poster.otherPpe.trim()) {
    doc.font('Helvetica').fontSize(11).fillColor(ink).text(`${posterText.otherPpe}: ${poster.otherPpe.trim()}`, margin, y + 6, { ...centred, height: 40, ellipsis: true });
  }
  // The address in small print, for a phone that cannot scan; below the margin, so on this page.
  doc.page.margins.bottom = 0;
  doc.font('Helvetica').fontSize(7).fillColor('#666666').text(poster.url, margin, 806, { ...centred, lineBreak: false });
  doc.page.margins.bottom = margin;
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
