import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

describe('the built web app', () => {
  let running: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>SiteSafe Portal</title>');
    running = await createTestApp({ serveSpa: true, distDir });
  });
  afterAll(async () => {
    await running.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers a load balancer’s HEAD probe of / and of any app route as GET would, without a body', async () => {
    for (const url of ['/', '/clients', '/company/0b7c9a4e-8d7e-4a39-9a3a-3f1c2b4d5e6f/swms']) {
      const head = await running.app.inject({ method: 'HEAD', url });
      const get = await running.app.inject({ method: 'GET', url });
      expect(head.statusCode, url).toBe(200);
      expect(get.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.body).toBe('');
      expect(get.body).toContain('<title>SiteSafe Portal</title>');
    }
  });

  it('still answers 404 to HEAD and GET of an unknown API path', async () => {
    expect((await running.app.inject({ method: 'HEAD', url: '/api/nothing-here' })).statusCode).toBe(404);
    expect((await running.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });
});
