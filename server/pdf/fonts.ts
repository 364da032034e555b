import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

export type Weight = 'regular' | 'bold';

/** One file of a Fontsource package: the code points it draws, in one weight each. */
export interface FontSlice {
  readonly name: string;
  readonly rightToLeft: boolean;
  readonly ranges: readonly (readonly [number, number])[];
  file(weight: Weight): string;
}

interface Family {
  readonly packageName: string;
  /** The unicode.json subsets taken from this family; the rest repeat an earlier family's. */
  readonly subsets: (name: string) => boolean;
  readonly rightToLeft?: boolean;
}

/**
 * The fallback chain, first match wins: Noto Sans (Latin, Vietnamese, Greek, Cyrillic, Devanagari),
 * then Hebrew, Arabic, Chinese, Korean and monochrome emoji, all from npm so a fresh clone prints them.
 */
const families: readonly Family[] = [
  { packageName: 'noto-sans', subsets: (name) => ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'devanagari'].includes(name) },
  { packageName: 'noto-sans-hebrew', subsets: (name) => name === 'hebrew', rightToLeft: true },
  { packageName: 'noto-sans-arabic', subsets: (name) => name === 'arabic', rightToLeft: true },
  { packageName: 'noto-sans-sc', subsets: (name) => name.startsWith('[') },
  { packageName: 'noto-sans-kr', subsets: (name) => name.startsWith('[') },
  { packageName: 'noto-emoji', subsets: (name) => name.startsWith('[') },
];

const weights: Record<Weight, number> = { regular: 400, bold: 700 };

const require = createRequire(import.meta.url);

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [low = '0', high] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(low, 16), Number.parseInt(high ?? low, 16)];
  });
}

function familySlices(family: Family): FontSlice[] {
  const directory = path.dirname(require.resolve(`@fontsource/${family.packageName}`));
  const subsets = JSON.parse(readFileSync(path.join(directory, 'unicode.json'), 'utf8')) as Record<string, string>;
  return Object.entries(subsets)
    .filter(([name]) => family.subsets(name))
    .map(([name, ranges]) => {
      const subset = name.replace(/^\[(\d+)\]$/, '$1');
      return {
        name: `${family.packageName}-${subset}`,
        rightToLeft: family.rightToLeft ?? false,
        ranges: parseRanges(ranges),
        // WOFF, not WOFF2: fontkit's subsetter copies WOFF2's transformed glyf table as is and draws nothing.
        file: (weight: Weight) => path.join(directory, 'files', `${family.packageName}-${subset}-${weights[weight]}-normal.woff`),
      };
    });
}

/**
 * A WOFF file as the plain TrueType font it wraps. fontkit inflates a WOFF table in JavaScript on
 * every glyph it reads, which made one SWMS take a second; node's zlib does it once, natively.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return { tag: woff.subarray(entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data: compressed < length ? inflateSync(stored) : stored };
  });
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= count) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(count * 16 - searchRange * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let chain: FontSlice[] | undefined;
const byCodePoint = new Map<number, FontSlice | null>();
const sfnts = new Map<string, Buffer>();
const coverage = new Map<string, fontkit.Font>();

/** Each file is read and inflated once per process. */
function sfntOf(file: string): Buffer {
  let bytes = sfnts.get(file);
  if (!bytes) {
    bytes = woffToSfnt(readFileSync(file));
    sfnts.set(file, bytes);
  }
  return bytes;
}

const parse = (file: string) => fontkit.create(sfntOf(file)) as fontkit.Font;

/** A slice's unicode-range is a hint (Noto Sans SC lists Hangul it does not draw); its cmap decides. */
function draws(slice: FontSlice, codePoint: number): boolean {
  const file = slice.file('regular');
  let font = coverage.get(file);
  if (!font) {
    font = parse(file);
    coverage.set(file, font);
  }
  return font.hasGlyphForCodePoint(codePoint);
}

/** The first slice in the chain that draws this code point, or null when none does. */
export function sliceFor(codePoint: number): FontSlice | null {
  const known = byCodePoint.get(codePoint);
  if (known !== undefined) return known;
  chain ??= families.flatMap(familySlices);
  const found = chain.find((slice) => slice.ranges.some(([low, high]) => codePoint >= low && codePoint <= high) && draws(slice, codePoint)) ?? null;
  byCodePoint.set(codePoint, found);
  return found;
}

/** The slice that prints what no font draws (U+FFFD) and the ellipsis. */
export function baseSlice(): FontSlice {
  const slice = sliceFor(0x20);
  if (!slice) throw new Error('The Noto Sans Latin font is missing from node_modules.');
  return slice;
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Selects the slice's font in the document, registering it on first use. */
export function selectSlice(doc: PDFKit.PDFDocument, slice: FontSlice, weight: Weight): void {
  const name = `${slice.name}-${weight}`;
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    // A document parses its own font: fontkit keeps a glyph's code points from the first time it
    // meets the glyph, and a subset that pulls '.' in as a part of '…' would leave later documents'
    // periods with no text behind them. pdfkit takes a fontkit font as it is (PDFFontFactory.open).
    doc.registerFont(name, parse(slice.file(weight)) as unknown as Buffer);
    names.add(name);
  }
  doc.font(name);
}
