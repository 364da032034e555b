/**
 * Issue 55 §4: the portal's service worker. It keeps the app's shell and the tradesperson's screens' code on the phone
 * (Workbox's precache, written by vite-plugin-pwa from the build), so those screens open with no signal once visited.
 * Pages are asked of the network first: the portal writes each one with its own CSP nonce, and draws
 * the login and check-in pages in. Only with no answer is the kept shell sent, with a fresh nonce. No API answer is
 * ever kept here: a screen shows offline only what it stores itself (the SWMS draft, the outbox).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { offlineShellUrl, serverOnlyPaths, withFreshNonce } from './offline-shell';

interface NavigationEvent extends Event {
  readonly preloadResponse: Promise<Response | undefined>;
  waitUntil(promise: Promise<unknown>): void;
}

declare const self: typeof globalThis & {
  readonly __WB_MANIFEST: (string | PrecacheEntry)[];
  readonly registration: { readonly navigationPreload?: { enable(): Promise<void> } };
  skipWaiting(): Promise<void>;
};

// A new build's worker takes over at once: pages are the network's, so an open page keeps its own build's code, which
// the portal still serves for one deploy (server/web-build.ts) and, failing that, the route's reload offer (spec §9).
void self.skipWaiting();
clientsClaim();

self.addEventListener('activate', (event) => {
  // The page's request starts while the worker wakes, so a page costs no more time than it did without one.
  (event as NavigationEvent).waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

async function pageOrShell({ event, request }: { event: Event; request: Request }): Promise<Response> {
  try {
    return (await (event as NavigationEvent).preloadResponse) ?? (await fetch(request));
  } catch (error) {
    const shell = await matchPrecache(offlineShellUrl);
    if (!shell) throw error;
    return withFreshNonce(shell);
  }
}

// Before the precache's own route, which would otherwise answer `/` with the kept shell instead of the login page.
registerRoute(new NavigationRoute(pageOrShell, { denylist: serverOnlyPaths }));
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
