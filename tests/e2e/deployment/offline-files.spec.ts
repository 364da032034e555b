import { expect, test } from '@playwright/test';

/**
 * Issue 55 §4: the service worker and the web app manifest, served by the portal on a public URL that is not loopback.
 * Plain http there is no secure context, so the browser has no service worker and the portal opens without one
 * (the worker itself is tested on localhost: offline.spec.ts).
 */
test('on a public URL that is not loopback, the service worker, the manifest and its icons are served as a phone needs them', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  const files = await page.evaluate(() =>
    Promise.all(
      ['/sw.js', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png'].map(async (path) => {
        const response = await fetch(path);
        return { path, status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), text: path.endsWith('.png') ? '' : await response.text() };
      }),
    ),
  );
  for (const file of files) expect(file.status, file.path).toBe(200);
  const [worker, manifest, ...icons] = files;
  expect(worker?.type).toMatch(/^(application|text)\/javascript/);
  // Checked on every visit, so a deploy's worker replaces the last one at the next visit.
  expect(worker?.cache).toBe('no-cache');
  expect(worker?.text).toContain('index.html');
  expect(manifest?.type).toMatch(/^application\/manifest\+json/);
  expect(JSON.parse(manifest?.text ?? '{}')).toMatchObject({
    name: 'SiteSafe Portal',
    start_url: '/',
    theme_color: '#13294b',
    icons: [expect.objectContaining({ sizes: '192x192', type: 'image/png' }), expect.objectContaining({ sizes: '512x512' }), expect.objectContaining({ purpose: 'maskable' })],
  });
  for (const icon of icons) expect(icon.type, icon.path).toBe('image/png');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  expect(await page.evaluate(() => ({ secure: window.isSecureContext, worker: 'serviceWorker' in navigator }))).toEqual({ secure: false, worker: false });
});
