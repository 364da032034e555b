import { useState } from 'react';

/** How many of a home list's entries show before "Show all": a phone's home stays a few screens tall, not a dozen. */
export const firstShown = 5;

/** The entries a list shows: the first `count`, or all of them once asked for. */
export function shownItems<Item>(items: readonly Item[], all: boolean, count = firstShown): readonly Item[] {
  return all ? items : items.slice(0, count);
}

/** A list that shows its first entries, with a toggle for the rest when there are more. */
export function useFirstItems<Item>(items: readonly Item[], count = firstShown) {
  const [all, setAll] = useState(false);
  return { shown: shownItems(items, all, count), more: items.length > count, all, toggle: () => setAll((was) => !was) };
}
