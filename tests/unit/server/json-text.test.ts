import { describe, expect, it } from 'vitest';
import { listJson, withFields, type JsonText } from '../../../server/http/json-text';

interface Item {
  readonly name: string;
  readonly at: string | null;
}
interface List {
  readonly items: readonly Item[];
  readonly total: number;
  readonly nextCursor: string | null;
}

const asText = (item: Item) => JSON.stringify(item) as JsonText<Item>;

describe('listJson (issue 11)', () => {
  it('writes the same document as JSON.stringify of the list with its items parsed', () => {
    const items: Item[] = [
      { name: 'Zoë "Zed" O\'Brien \\ 李', at: '2026-11-26T06:21:49.924Z' },
      { name: 'tab\there', at: null },
    ];
    const list: List = { items, total: 2, nextCursor: null };
    const written = listJson<List>({ ...list, items: items.map(asText) });
    expect(written).toBe(JSON.stringify(list));
    expect(JSON.parse(written)).toStrictEqual(list);
  });

  it('writes an empty page as an empty array', () => {
    expect(JSON.parse(listJson<List>({ items: [], total: 0, nextCursor: 'x' }))).toStrictEqual({ items: [], total: 0, nextCursor: 'x' });
  });

  it('writes a list that holds only its items', () => {
    expect(listJson<{ items: Item[] }>({ items: [asText({ name: 'a', at: null })] })).toBe('{"items":[{"name":"a","at":null}]}');
  });
});

describe('withFields (issue 11)', () => {
  it('adds fields after an object\'s own, as JSON.stringify would write them together', () => {
    const written = withFields(asText({ name: 'a "b"', at: null }), { url: 'https://x.test/?a=1&b=2', plan: null, tags: ['é'] });
    expect(written).toBe(JSON.stringify({ name: 'a "b"', at: null, url: 'https://x.test/?a=1&b=2', plan: null, tags: ['é'] }));
  });

  it('leaves the object as it is with nothing to add, and fills an empty one', () => {
    const item = asText({ name: 'a', at: null });
    expect(withFields(item, {})).toBe(item);
    expect(withFields('{}' as JsonText<object>, { a: 1 })).toBe('{"a":1}');
  });
});
