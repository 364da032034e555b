import QRCode from 'qrcode';

/** The modules of a QR code: `size` x `size`, dark or light. */
export interface QrMatrix {
  readonly size: number;
  isDark(row: number, column: number): boolean;
}

/** Medium error correction (15 %): survives a scuffed or rained-on poster and stays coarse enough to scan from a step away. */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, column) => modules.get(row, column) === 1 };
}

/** The light margin a scanner needs around the symbol, in modules (ISO/IEC 18004). */
export const quietZoneModules = 4;

export interface QrSquare {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface QrPlacement {
  /** Where the symbol's first module starts, and the side of one module, in points. */
  readonly x: number;
  readonly y: number;
  readonly moduleSize: number;
  /** The dark runs of each row, one rectangle per run. */
  readonly squares: readonly QrSquare[];
}

/**
 * Lays the symbol and its quiet zone out in a square of at most `side` points at (left, top), in
 * whole-point modules so neighbouring runs meet without hairline seams.
 */
export function placeQr(matrix: QrMatrix, left: number, top: number, side: number): QrPlacement {
  const moduleSize = Math.max(1, Math.floor(side / (matrix.size + quietZoneModules * 2)));
  const symbol = moduleSize * matrix.size;
  const x = Math.round(left + (side - symbol) / 2);
  const y = Math.round(top + (side - symbol) / 2);
  const squares: QrSquare[] = [];
  for (let row = 0; row < matrix.size; row += 1) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.isDark(row, column)) column += 1;
      squares.push({ x: x + start * moduleSize, y: y + row * moduleSize, width: (column - start) * moduleSize, height: moduleSize });
    }
  }
  return { x, y, moduleSize, squares };
}

/** Draws the code as vector squares on a white square (the quiet zone), black on white whatever the theme. */
export function drawQr(doc: PDFKit.PDFDocument, placement: QrPlacement, left: number, top: number, side: number): void {
  doc.save().rect(left, top, side, side).fill('#ffffff');
  for (const square of placement.squares) doc.rect(square.x, square.y, square.width, square.height);
  doc.fill('#000000').restore();
}
