/**
 * A stream of searches, each new to the portal yet matching exactly what `search` matches, for the bench's "new each
 * time" scenario: a site search's kept total is filed under its words as a set, in lower case (server/sites/repository.ts),
 * so neither the words' order nor their case makes a search new. Each search is `search`'s words and three pieces of
 * them (substrings of at least two letters): a site matches a piece wherever it matches the word it comes from, so
 * every search matches the same sites while each set of three pieces is a search of its own. Starts at a random
 * place, so that a reused database's kept totals hardly ever answer it.
 */
export function newSearches(search: string, start = Math.floor(Math.random() * 2 ** 30)): { readonly next: () => string; readonly distinct: number } {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const pieces = [
    ...new Set(words.flatMap((word) => Array.from({ length: word.length }, (_, from) => Array.from({ length: word.length - from - 1 }, (__, size) => word.slice(from, from + size + 2))).flat(2))),
  ].filter((piece) => !words.includes(piece));
  const triples: [number, number, number][] = [];
  for (let a = 0; a < pieces.length; a++) for (let b = a + 1; b < pieces.length; b++) for (let c = b + 1; c < pieces.length; c++) triples.push([a, b, c]);
  let n = start;
  return {
    distinct: triples.length,
    next: () => {
      n += 1;
      const triple = triples[n % triples.length] ?? [];
      return [...words, ...triple.map((index) => pieces[index])].join(' ');
    },
  };
}
