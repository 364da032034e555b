import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { PpeIcon } from '../../../src/components/ppe/ppe-icons';
import { ppeValues } from '../../../src/domain/ppe';
import { ppePictograms, type PictogramShape } from '../../../server/pdf/ppe-pictograms';
import { placeQr, qrMatrix, quietZoneModules } from '../../../server/pdf/qr-code';

const url = 'https://portal.example.com.au/site/0b6a3c1e-8f7d-4c2a-9e51-3d2f1a7b9c40/check-in?key=4f0c9d2e7a1b3c5d6e8f90a1b2c3d4e5';

/** The module grid a placement paints, read back from its squares. */
function paintedGrid(placement: ReturnType<typeof placeQr>, size: number): number[][] {
  const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => 0));
  for (const square of placement.squares) {
    const row = (square.y - placement.y) / placement.moduleSize;
    const first = (square.x - placement.x) / placement.moduleSize;
    expect(Number.isInteger(row) && Number.isInteger(first)).toBe(true);
    expect(square.height).toBe(placement.moduleSize);
    for (let column = first; column < first + square.width / placement.moduleSize; column += 1) {
      const cells = grid[row];
      if (cells) cells[column] = (cells[column] ?? 0) + 1;
    }
  }
  return grid;
}

describe('the poster’s QR code', () => {
  it('paints exactly the modules of QRCode.create(url) at medium error correction, each once', () => {
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const placement = placeQr(qrMatrix(url), 100, 200, 300);
    const expected = Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, column) => modules.get(row, column)));
    expect(paintedGrid(placement, modules.size)).toEqual(expected);
  });

  it('keeps a four-module quiet zone inside its box, in whole-point modules', () => {
    const matrix = qrMatrix(url);
    const placement = placeQr(matrix, 100, 200, 300);
    expect(Number.isInteger(placement.moduleSize)).toBe(true);
    expect(placement.x - 100).toBeGreaterThanOrEqual(quietZoneModules * placement.moduleSize);
    expect(placement.y - 200).toBeGreaterThanOrEqual(quietZoneModules * placement.moduleSize);
    expect(100 + 300 - (placement.x + matrix.size * placement.moduleSize)).toBeGreaterThanOrEqual(quietZoneModules * placement.moduleSize);
  });

  it('uses medium error correction, so a different level would paint a different code', () => {
    const low = QRCode.create(url, { errorCorrectionLevel: 'L' }).modules;
    const matrix = qrMatrix(url);
    const differs = Array.from({ length: low.size }).some((_, row) =>
      Array.from({ length: low.size }).some((__, column) => (low.get(row, column) === 1) !== matrix.isDark(row, column)),
    );
    expect(low.size !== matrix.size || differs).toBe(true);
  });
});

/** The shapes of the screens' icon, as its SVG markup draws them. */
function iconShapes(markup: string): PictogramShape[] {
  const shapes: PictogramShape[] = [];
  for (const match of markup.matchAll(/<(path|rect|circle)\s([^>]*?)\/?>/g)) {
    const attributes = Object.fromEntries([...(match[2] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    const number = (name: string) => Number(attributes[name] ?? 0);
    if (match[1] === 'path') shapes.push({ kind: 'path', d: attributes.d ?? '' });
    else if (match[1] === 'rect') shapes.push({ kind: 'rect', x: number('x'), y: number('y'), width: number('width'), height: number('height'), rx: number('rx') });
    else shapes.push({ kind: 'circle', cx: number('cx'), cy: number('cy'), r: number('r') });
  }
  return shapes;
}

describe('the poster’s PPE pictograms', () => {
  it.each(ppeValues)('draws %s with the same shapes as the site page’s icon', (value) => {
    const markup = renderToStaticMarkup(createElement(PpeIcon, { value }));
    expect(ppePictograms[value]).toEqual(iconShapes(markup));
  });
});
