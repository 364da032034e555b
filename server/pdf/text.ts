import bidiFactory, { type EmbeddingLevels } from 'bidi-js';
import { baseSlice, sliceFor, selectSlice, type FontSlice, type Weight } from './fonts';

type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  readonly size: number;
  readonly weight?: Weight;
  readonly color?: string;
  readonly characterSpacing?: number;
}

export interface TextOptions extends TextStyle {
  readonly x?: number;
  readonly y?: number;
  readonly width?: number;
  /** 'start' is left for a left-to-right paragraph and right for a right-to-left one. */
  readonly align?: 'start' | 'center' | 'right';
  /** Lines past this are cut, the last one kept ending in an ellipsis. */
  readonly maxLines?: number;
  /** Off for text placed at a fixed spot (cells, footers): it never starts a new page. */
  readonly pageBreaks?: boolean;
}

interface Grapheme {
  readonly text: string;
  /** Index of its first UTF-16 unit in the paragraph, -1 for the ellipsis. */
  readonly start: number;
  readonly length: number;
  readonly slice: FontSlice;
  readonly space: boolean;
  /** A line may break after it. */
  readonly breakAfter: boolean;
}

type Line = readonly Grapheme[];

interface Paragraph {
  readonly text: string;
  readonly embedding: EmbeddingLevels;
  readonly rightToLeft: boolean;
  readonly lines: Line[];
}

const bidi = bidiFactory();
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const ideograph = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const breakAfterMark = /^[-/?&=_.,;:]$/u;
const placeholder = '\uFFFD';

/** The line box: the baseline one em below its top leaves room for Vietnamese marks above and Devanagari below. */
export const lineHeight = (size: number) => size * 1.3;

/** Printable ASCII: one grapheme a character, all in the Latin slice, no ideographs. */
const plainText = /^[\x20-\x7E]*$/;

function plainGraphemes(paragraph: string): Grapheme[] {
  const latin = baseSlice();
  return [...paragraph].map((character, index) => {
    const space = character === ' ';
    return { text: character, start: index, length: 1, slice: latin, space, breakAfter: space || breakAfterMark.test(character) };
  });
}

function graphemes(paragraph: string): Grapheme[] {
  if (plainText.test(paragraph)) return plainGraphemes(paragraph);
  const result: Grapheme[] = [];
  for (const { segment, index } of segmenter.segment(paragraph)) {
    const space = /^\s+$/u.test(segment);
    const slice = space ? baseSlice() : sliceFor(segment.codePointAt(0) ?? 0);
    result.push({
      text: space ? ' ' : slice ? segment : placeholder,
      start: index,
      length: segment.length,
      slice: slice ?? baseSlice(),
      space,
      breakAfter: space || breakAfterMark.test(segment) || ideograph.test(segment),
    });
  }
  return result.map((grapheme, index) => {
    const next = result[index + 1];
    return next && ideograph.test(next.text) ? { ...grapheme, breakAfter: true } : grapheme;
  });
}

/** Widths at 1 pt, kept across documents: shaping a word in fontkit costs far more than looking it up. */
const widths = new Map<string, number>();
const maxWidths = 50_000;

function measure(doc: Doc, slice: FontSlice, text: string, count: number, style: TextStyle): number {
  const weight = style.weight ?? 'regular';
  const key = `${slice.name}\u0000${weight}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    selectSlice(doc, slice, weight);
    width = doc.fontSize(1000).widthOfString(text) / 1000;
    if (widths.size >= maxWidths) widths.clear();
    widths.set(key, width);
  }
  return width * style.size + (style.characterSpacing ?? 0) * count;
}

/** Width of graphemes in logical order, one measurement per run of one font. */
function widthOf(doc: Doc, items: readonly Grapheme[], style: TextStyle): number {
  let width = 0;
  let from = 0;
  for (let index = 1; index <= items.length; index += 1) {
    if (index < items.length && items[index]?.slice === items[from]?.slice) continue;
    const run = items.slice(from, index);
    width += measure(doc, run[0]?.slice ?? baseSlice(), run.map((item) => item.text).join(''), run.length, style);
    from = index;
  }
  return width;
}

const trimEnd = (items: readonly Grapheme[]) => {
  let end = items.length;
  while (end > 0 && items[end - 1]?.space) end -= 1;
  return items.slice(0, end);
};

/** Greedy line filling at break opportunities; a word wider than the line is cut between graphemes. */
function wrap(doc: Doc, items: readonly Grapheme[], width: number, style: TextStyle): Grapheme[][] {
  const words: Grapheme[][] = [];
  for (const item of items) {
    const word = words.at(-1);
    if (word && !word.at(-1)?.breakAfter) word.push(item);
    else words.push([item]);
  }
  const lines: Grapheme[][] = [];
  let line: Grapheme[] = [];
  let lineWidth = 0;
  for (const word of words) {
    const bare = trimEnd(word);
    const bareWidth = widthOf(doc, bare, style);
    if (lineWidth + bareWidth <= width || bare.length === 0) {
      line.push(...word);
      lineWidth += bare.length === word.length ? bareWidth : widthOf(doc, word, style);
      continue;
    }
    if (line.length > 0) lines.push(line);
    line = [];
    lineWidth = 0;
    for (const item of word) {
      const itemWidth = widthOf(doc, [item], style);
      if (line.length > 0 && !item.space && lineWidth + itemWidth > width) {
        lines.push(line);
        line = [];
        lineWidth = 0;
      }
      line.push(item);
      lineWidth += itemWidth;
    }
  }
  lines.push(line);
  return lines.map(trimEnd);
}

function withEllipsis(doc: Doc, line: Line, width: number, style: TextStyle): Line {
  const mark: Grapheme = { text: '…', start: -1, length: 0, slice: baseSlice(), space: false, breakAfter: false };
  let kept = trimEnd(line);
  while (kept.length > 0 && widthOf(doc, [...kept, mark], style) > width) kept = trimEnd(kept.slice(0, -1));
  return [...kept, mark];
}

/** Laid-out texts kept across documents: an export repeats the same labels and cells on every SWMS. */
const layouts = new Map<string, Paragraph[]>();
const maxLayouts = 5_000;

function layout(doc: Doc, text: string, width: number, style: TextStyle, maxLines: number): Paragraph[] {
  const key = [text, width, style.size, style.weight ?? 'regular', style.characterSpacing ?? 0, maxLines].join('\u0000');
  const known = layouts.get(key);
  if (known) return known;
  const laid = layoutAfresh(doc, text, width, style, maxLines);
  if (layouts.size >= maxLayouts) layouts.clear();
  layouts.set(key, laid);
  return laid;
}

function layoutAfresh(doc: Doc, text: string, width: number, style: TextStyle, maxLines: number): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let count = 0;
  let cut = false;
  for (const raw of text.normalize('NFC').replace(/\r\n?/g, '\n').split('\n')) {
    if (count >= maxLines) {
      cut = true;
      break;
    }
    const paragraphText = raw.replace(/\t/g, ' ');
    const embedding = bidi.getEmbeddingLevels(paragraphText);
    let lines = wrap(doc, graphemes(paragraphText), width, style);
    if (count + lines.length > maxLines) {
      lines = lines.slice(0, maxLines - count);
      cut = true;
    }
    count += lines.length;
    paragraphs.push({ text: paragraphText, embedding, rightToLeft: (embedding.paragraphs[0]?.level ?? 0) % 2 === 1, lines });
  }
  const last = paragraphs.at(-1);
  if (cut && last) last.lines[last.lines.length - 1] = withEllipsis(doc, last.lines.at(-1) ?? [], width, style);
  return paragraphs;
}

/** The line's graphemes left to right, by the Unicode bidirectional algorithm (UAX #9). */
function visualOrder(paragraph: Paragraph, line: Line): Grapheme[] {
  const real = line.filter((item) => item.start >= 0);
  const first = real[0];
  const last = real.at(-1);
  if (!first || !last) return [...line];
  const from = first.start;
  const to = last.start + last.length - 1;
  const owners: Grapheme[] = [];
  for (const item of real) for (let unit = 0; unit < item.length; unit += 1) owners.push(item);
  const units = owners.map((_, index) => index);
  for (const [start = from, end = from] of bidi.getReorderSegments(paragraph.text, paragraph.embedding, from, to)) {
    const flipped = units.slice(start - from, end - from + 1).reverse();
    units.splice(start - from, flipped.length, ...flipped);
  }
  const order: Grapheme[] = [];
  for (const unit of units) {
    const owner = owners[unit];
    if (owner && order.at(-1) !== owner) order.push(owner);
  }
  const marks = line.filter((item) => item.start < 0);
  return paragraph.rightToLeft ? [...marks, ...order] : [...order, ...marks];
}

const rightToLeftAt = (paragraph: Paragraph, item: Grapheme) => item.start >= 0 && (paragraph.embedding.levels[item.start] ?? 0) % 2 === 1;

interface Piece {
  readonly slice: FontSlice;
  readonly text: string;
  readonly count: number;
  readonly space: boolean;
}

/**
 * Pieces drawn one after another, left to right. A right-to-left word is handed over alone and in
 * logical order, because fontkit reverses the glyphs of each Hebrew or Arabic word itself.
 */
function pieces(paragraph: Paragraph, visual: readonly Grapheme[]): Piece[] {
  const mirrored = bidi.getMirroredCharactersMap(paragraph.text, paragraph.embedding.levels);
  const groups: Grapheme[][] = [];
  for (const item of visual) {
    const group = groups.at(-1);
    const previous = group?.at(-1);
    const backwards = item.slice.rightToLeft && rightToLeftAt(paragraph, item);
    const together = group && previous && previous.slice === item.slice
      && (backwards ? !item.space && !previous.space && previous.start > item.start : previous.start < item.start || item.start < 0);
    if (together) group.push(item);
    else groups.push([item]);
  }
  return groups.map((items) => {
    const backwards = items.length > 1 && (items[0]?.start ?? 0) > (items[1]?.start ?? 0);
    const logical = backwards ? [...items].reverse() : items;
    return {
      slice: items[0]?.slice ?? baseSlice(),
      text: logical.map((item) => (item.length === 1 && mirrored.get(item.start)) || item.text).join(''),
      count: items.length,
      space: items.every((item) => item.space),
    };
  });
}

const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/**
 * Writes text in every script the portal accepts: each run in the first font of the chain that
 * draws it, right-to-left runs in reading order, long words cut to stay inside the width. Leaves
 * doc.y under the text and doc.x at its left.
 */
export function writeText(doc: Doc, text: string, options: TextOptions): void {
  const x = options.x ?? doc.x;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  const step = lineHeight(options.size);
  const weight = options.weight ?? 'regular';
  let y = options.y ?? doc.y;
  for (const paragraph of layout(doc, text, width, options, options.maxLines ?? Number.POSITIVE_INFINITY)) {
    for (const line of paragraph.lines) {
      if (options.pageBreaks !== false && y + step > pageBottom(doc) && y > doc.page.margins.top) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const drawn = pieces(paragraph, visualOrder(paragraph, line)).map((piece) => ({ ...piece, width: measure(doc, piece.slice, piece.text, piece.count, options) }));
      const lineWidth = drawn.reduce((sum, piece) => sum + piece.width, 0);
      const align = options.align ?? 'start';
      const right = align === 'right' || (align === 'start' && paragraph.rightToLeft);
      let left = align === 'center' ? x + (width - lineWidth) / 2 : right ? x + width - lineWidth : x;
      for (const piece of drawn) {
        if (!piece.space) {
          selectSlice(doc, piece.slice, weight);
          doc
            .fontSize(options.size)
            .fillColor(options.color ?? '#000000')
            .text(piece.text, left, y + options.size, { lineBreak: false, baseline: 'alphabetic', characterSpacing: options.characterSpacing ?? 0 });
        }
        left += piece.width;
      }
      y += step;
    }
  }
  doc.x = x;
  doc.y = y;
}

/** How tall writeText would make this text, without writing it. */
export function textHeight(doc: Doc, text: string, options: Omit<TextOptions, 'x' | 'y'> & { readonly width: number }): number {
  const lines = layout(doc, text, options.width, options, options.maxLines ?? Number.POSITIVE_INFINITY).reduce((sum, paragraph) => sum + paragraph.lines.length, 0);
  return lines * lineHeight(options.size);
}

/** A bulleted list in the text's style, an item to a line or more. */
export function writeList(doc: Doc, items: readonly string[], options: TextOptions): void {
  const x = options.x ?? doc.x;
  const indent = options.size * 1.2;
  const width = (options.width ?? doc.page.width - doc.page.margins.right - x) - indent;
  for (const item of items) {
    if (options.pageBreaks !== false && doc.y + lineHeight(options.size) > pageBottom(doc)) doc.addPage();
    const top = doc.y;
    doc.circle(x + 3, top + options.size * 0.65, 2).fill(options.color ?? '#000000');
    writeText(doc, item, { ...options, x: x + indent, y: top, width });
  }
  doc.x = x;
}

/** Moves down by lines of the given size, as pdfkit's moveDown would for a font of that size. */
export function moveDown(doc: Doc, lines: number, size: number): void {
  doc.y += lines * lineHeight(size);
}
