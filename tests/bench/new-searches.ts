/** The pieces of `words` (substrings of at least `shortest` letters) that are not words themselves. */
function piecesOf(words: readonly string[], shortest: number): string[] {
  const pieces = words.flatMap((word) =>
    Array.from({ length: word.length }, (_, from) => Array.from({ length: word.length - from - shortest + 1 }, (__, size) => word.slice(from, from + size + shortest))).flat(),
  );
  return [...new Set(pieces)].filter((piece) => !words.includes(piece));
}

/** Every set of three of `count` items, as indexes. */
function triplesOf(count: number): [number, number, number][] {
  const triples: [number, number, number][] = [];
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) for (let c = b + 1; c < count; c++) triples.push([a, b, c]);
  return triples;
}

/** A stream of searches, each new to the portal, and how many there are before one comes again. */
export interface SearchStream {
  readonly next: () => string;
  readonly distinct: number;
}

/** `lead` words then three of `pieces`, a different three each call, starting at `start`. */
function streamOf(lead: readonly string[], pieces: readonly string[], start: number): SearchStream {
  const triples = triplesOf(pieces.length);
  let n = start;
  return {
    distinct: triples.length,
    next: () => {
      n += 1;
      const triple = triples[n % triples.length] ?? [];
      return [...lead, ...triple.map((index) => pieces[index])].join(' ');
    },
  };
}

const wordsOf = (search: string) => search.toLowerCase().split(/\s+/).filter(Boolean);
const randomStart = () => Math.floor(Math.random() * 2 ** 30);

/**
 * A stream of searches, each new to the portal yet matching exactly what `search` matches, for the bench's "new each
 * time" scenario: each is `search`'s words and three pieces of them (substrings of at least two letters), so a site
 * matches it wherever it matches the words, while no cache of a search's answer (the database's or another's) could
 * serve it. Starts at a random place.
 */
export function newSearches(search: string, start = randomStart()): SearchStream {
  const words = wordsOf(search);
  return streamOf(words, piecesOf(words, 2), start);
}

/**
 * A stream of three-word searches, each new to the portal, for the bench's "three new words each time": three pieces
 * of `search`'s words of at least three letters (so each has a trigram to find its sites by, as a typed word has).
 * A site matching `search` matches every one of them, so each matches at least `search`'s sites, often more.
 */
export function newThreeWordSearches(search: string, start = randomStart()): SearchStream {
  return streamOf([], piecesOf(wordsOf(search), 3), start);
}
