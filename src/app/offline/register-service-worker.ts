/** Where the build writes the service worker (vite.config.ts): at the root, so its scope is the whole portal. */
export const serviceWorkerUrl = '/sw.js';

/**
 * Issue 55 §4: registers the service worker (sw.ts) in a build; the development server has none. A browser that
 * cannot have one (an insecure context: http on a host that is not localhost) opens the portal without it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' }).catch((error: unknown) => console.error(error));
}
