/** Spec §5 sort keys are field.type.direction; a column names its field.type part. */
type SortDirection = 'asc' | 'desc';

export interface ParsedSort {
  readonly column: string;
  readonly direction: SortDirection;
}

export function parseSort(sort: string | null | undefined): ParsedSort | null {
  if (!sort) return null;
  const cut = sort.lastIndexOf('.');
  const direction = sort.slice(cut + 1);
  if (cut <= 0 || (direction !== 'asc' && direction !== 'desc')) return null;
  return { column: sort.slice(0, cut), direction };
}

/** A header click: the sorted column flips its direction, any other column starts ascending. */
export function nextSort(current: string | null | undefined, column: string): string {
  const parsed = parseSort(current);
  const direction: SortDirection = parsed?.column === column && parsed.direction === 'asc' ? 'desc' : 'asc';
  return `${column}.${direction}`;
}

export function ariaSortOf(current: string | null | undefined, column: string): 'ascending' | 'descending' | 'none' {
  const parsed = parseSort(current);
  if (parsed?.column !== column) return 'none';
  return parsed.direction === 'asc' ? 'ascending' : 'descending';
}
