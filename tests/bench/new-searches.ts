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
 * time" scenario: a site search's kept total is filed under its words as a set, in lower case (server/sites/repository.ts),
 * so neither the words' order nor their case makes a search new. Each search is `search`'s words and three pieces of
 * them (substrings of at least two letters): a site matches a piece wherever it matches the word it comes from, so
 * every search matches the same sites while each set of three pieces is a search of its own. Starts at a random
 * place, so that a reused database's kept totals hardly ever answer it.
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
