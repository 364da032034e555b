/** JSON that PostgreSQL wrote (`row_to_json`), carried as text and sent as it is, never parsed by the portal. */
export type JsonText<Shape> = string & { readonly jsonOf: Shape };

/** A list's answer whose items are JSON text: what the route sends is the list's JSON with each item spliced in unparsed. */
export type ListOfJsonText<List extends { readonly items: readonly unknown[] }> = Omit<List, 'items'> & {
  readonly items: readonly JsonText<List['items'][number]>[];
};

/** The JSON of a list whose items are JSON text: the same document as JSON.stringify of the parsed list. */
export function listJson<List extends { readonly items: readonly unknown[] }>(list: ListOfJsonText<List>): string {
  const { items, ...rest } = list;
  const others = JSON.stringify(rest);
  return `{"items":[${items.join(',')}]${others === '{}' ? '' : `,${others.slice(1, -1)}`}}`;
}

/** An object's JSON text with more fields, written after its own. */
export function withFields<Shape extends object, Extra extends object>(json: JsonText<Shape>, extra: Extra): JsonText<Shape & Extra> {
  const written = JSON.stringify(extra);
  if (written === '{}') return json as JsonText<Shape & Extra>;
  return `${json.slice(0, -1)}${json === '{}' ? '' : ','}${written.slice(1)}` as JsonText<Shape & Extra>;
}
