import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const storageKey = 'theme';
const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(storageKey);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return window.matchMedia?.(darkQuery).matches ? 'dark' : 'light';
}

let current: Theme = 'light';

/**
 * A new theme changes every colour on the page at once. Each element's hover and focus transitions would otherwise
 * start on the switch too (about 1,000 on a list page, 100-300 ms for the last to end in headless Chromium even at
 * reduced motion's 1 ms), so transitions are off while the new colours are computed, and back on a frame later for
 * the changes they are there for.
 */
function apply(theme: Theme): void {
  current = theme;
  const root = document.documentElement;
  if (root.dataset.theme !== theme) {
    root.dataset.themeSwitching = '';
    root.dataset.theme = theme;
    void document.body?.offsetHeight; // the new colours, computed now, with transitions off
    requestAnimationFrame(() => delete root.dataset.themeSwitching);
  }
  for (const listener of listeners) listener();
}

/** Spec §1: the theme starts from the system colour-scheme preference until the user picks one. */
export function initialiseTheme(): void {
  apply(storedTheme() ?? systemTheme());
  window.matchMedia?.(darkQuery).addEventListener('change', () => {
    if (!storedTheme()) apply(systemTheme());
  });
}

export function toggleTheme(): void {
  const next: Theme = current === 'dark' ? 'light' : 'dark';
  try {
    window.localStorage.setItem(storageKey, next);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
  apply(next);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current, () => current);
}
