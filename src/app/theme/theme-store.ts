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

function apply(theme: Theme): void {
  current = theme;
  document.documentElement.dataset.theme = theme;
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
