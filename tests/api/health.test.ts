import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let running: TestApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('GET /api/health', () => {
  it('answers 200 when the database and the blob store both answer', async () => {
    running = await createTestApp();
    const response = await running.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('answers 503 naming the blob store once it stops answering', async () => {
    running = await createTestApp();
    await running.app.storage.close();
    const response = await running.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/^Unhealthy: storage: /);
    expect(response.body).not.toContain('database');
  });

  it('answers 503 naming the database once it stops answering', async () => {
    running = await createTestApp();
    await running.app.db.destroy();
    const response = await running.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/^Unhealthy: database: /);
    expect(response.body).not.toContain('storage');
  });
});

describe('the embedded blob store', () => {
  it('leaves no Azurite process behind once the app closes', async () => {
    running = await createTestApp();
    const blobUrl = new URL(running.app.storage.serviceUrl);
    await running.close();
    running = undefined;
    await expect(fetch(blobUrl.origin, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  });
});
