import type { ComponentType } from 'react';

/** Spec §9: a chunk that has not loaded after 120 seconds counts as failed (the route error offers a reload). */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Browsers word a failed dynamic import differently; a deploy that removed the old chunks reads like this. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(message);
}

/** A route's screen loaded on first visit (issue 11: the first screen carries only its own code). */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, timeoutMs = chunkLoadTimeoutMs) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(`The page did not load within ${timeoutMs / 1000} seconds`)), timeoutMs);
    });
    try {
      return { Component: pick(await Promise.race([load(), timeout])) };
    } finally {
      clearTimeout(timer);
    }
  };
}
