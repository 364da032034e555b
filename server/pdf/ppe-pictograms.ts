import type { Ppe } from '../../src/domain/ppe';

/** One line-art shape on the icons' 24 x 24 grid. */
export type PictogramShape =
  | { readonly kind: 'path'; readonly d: string }
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly rx: number }
  | { readonly kind: 'circle'; readonly cx: number; readonly cy: number; readonly r: number };

const path = (d: string): PictogramShape => ({ kind: 'path', d });
const rect = (x: number, y: number, width: number, height: number, rx = 0): PictogramShape => ({ kind: 'rect', x, y, width, height, rx });
const circle = (cx: number, cy: number, r: number): PictogramShape => ({ kind: 'circle', cx, cy, r });

/**
 * The screens' PPE icons (src/components/ppe/ppe-icons.tsx) as data the PDF writer can draw, so a
 * poster shows the same pictograms as the site page; a unit test keeps the two the same.
 */
export const ppePictograms: Record<Ppe, readonly PictogramShape[]> = {
  high_vis: [path('M8 3 5 5v16h14V5l-3-2-4 5-4-5Z'), path('M5 12h14M5 16h14M12 8v13')],
  safety_boots: [path('M6 3h6v9l6 2.5a3 3 0 0 1 2 2.8V19H4V5a2 2 0 0 1 2-2Z'), path('M4 21h16M12 8H8M12 11H8')],
  hard_hat: [path('M4 17v-2a8 8 0 0 1 16 0v2'), path('M2 17h20v3H2z'), path('M10 7.3V12M14 7.3V12')],
  gloves: [
    path('M7 21v-4l-3-4.5a1.5 1.5 0 0 1 2.4-1.8L8 12.5V5a1.5 1.5 0 0 1 3 0v5V3.5a1.5 1.5 0 0 1 3 0V10V5a1.5 1.5 0 0 1 3 0v9a7 7 0 0 1-1 3.6V21Z'),
    path('M7 18h9'),
  ],
  hearing_protection: [path('M5 13V11a7 7 0 0 1 14 0v2'), rect(3, 13, 4, 7, 2), rect(17, 13, 4, 7, 2)],
  eye_protection: [path('M3 8h18v5a3 3 0 0 1-3 3h-3.2L12 13.5 9.2 16H6a3 3 0 0 1-3-3Z'), path('M3 10H1.5M21 10h1.5M7 11h2M15 11h2')],
  welding_mask: [path('M5 8a7 7 0 0 1 14 0v8a5 5 0 0 1-5 5h-4a5 5 0 0 1-5-5Z'), rect(8, 9, 8, 4, 1), path('M9 17h6')],
  safety_harness: [circle(12, 3.5, 1.8), path('M8 7h8M8 7l2 7M16 7l-2 7M8.6 10.5h6.8M6 14h12M8 14l-1.5 7M16 14l1.5 7')],
  dust_mask: [path('M4 9c3-1 5-2 8-2s5 1 8 2c0 6-3 10-8 10S4 15 4 9Z'), path('M4 9 2 7M20 9l2-2M9 12h6M9 15h6')],
  first_aid: [rect(3, 6, 18, 14, 2), path('M9 6V4h6v2M12 10v6M9 13h6')],
};

/** The icons' stroke on their 24-unit grid. */
export const pictogramStrokeWidth = 1.75;

/** Draws a pictogram `size` points wide with its top-left corner at (x, y), in the current stroke colour. */
export function drawPictogram(doc: PDFKit.PDFDocument, shapes: readonly PictogramShape[], x: number, y: number, size: number): void {
  const scale = size / 24;
  doc.save().translate(x, y).scale(scale).lineWidth(pictogramStrokeWidth).lineCap('round').lineJoin('round');
  for (const shape of shapes) {
    if (shape.kind === 'path') doc.path(shape.d).stroke();
    else if (shape.kind === 'rect') doc.roundedRect(shape.x, shape.y, shape.width, shape.height, shape.rx).stroke();
    else doc.circle(shape.cx, shape.cy, shape.r).stroke();
  }
  doc.restore();
}
