import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the built web app', () => {
  let running: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>SiteSafe Portal</title>');
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(path.join(distDir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(distDir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
    writeFileSync(path.join(distDir, 'own-assets.json'), JSON.stringify(['index-Ab12Cd34.js']));
    running = await createTestApp({ serveSpa: true, distDir });
  });
  afterAll(async () => {
    await running.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers a load balancer’s HEAD probe of / and of any app route as GET would, without a body', async () => {
    // Over a real socket, as the load balancer probes it.
    const address = await running.app.listen({ host: '127.0.0.1', port: 0 });
    for (const url of ['/', '/clients', '/company/0b7c9a4e-8d7e-4a39-9a3a-3f1c2b4d5e6f/swms']) {
      const head = await fetch(address + url, { method: 'HEAD' });
      const get = await fetch(address + url);
      expect(head.status, url).toBe(200);
      expect(get.status, url).toBe(200);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
      expect(await get.text()).toContain('<title>SiteSafe Portal</title>');
    }
  });

  it('answers 404 to a path a URL parser reads as another host (//, ///, //?a=1, /\\), GET or HEAD, over a real socket', async () => {
    const address = new URL(running.app.server.listening ? `http://127.0.0.1:${(running.app.server.address() as AddressInfo).port}` : await running.app.listen({ host: '127.0.0.1', port: 0 }));
    for (const target of ['//', '///', '//?a=1', '/\\', '//evil.example/clients']) {
      for (const method of ['GET', 'HEAD']) {
        // node:http sends the target as written; fetch would tidy the backslash away.
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = http.request({ host: address.hostname, port: address.port, method, path: target }, (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          });
          request.on('error', reject);
          request.end();
        });
        expect(answer.status, `${method} ${target}`).toBe(404);
        if (method === 'GET') expect(answer.body).toBe('Not found');
      }
    }
  });

  it('still answers 404 to HEAD and GET of an unknown API path', async () => {
    expect((await running.app.inject({ method: 'HEAD', url: '/api/nothing-here' })).statusCode).toBe(404);
    expect((await running.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('sends hashed assets pre-compressed (brotli, else gzip) and cached for a year as immutable', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const brotli = await running.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);
    const gzip = await running.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await running.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("keeps the build's list of its own assets (server/web-build.ts) to itself: its path is an app route like any other", async () => {
    const response = await running.app.inject({ method: 'GET', url: '/own-assets.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toContain('index-Ab12Cd34.js');
  });

  it('never lets index.html be cached, so a deploy reaches every browser at once', async () => {
    for (const url of ['/', '/index.html', '/site/0b7c9a4e-8d7e-4a39-9a3a-3f1c2b4d5e6f/check-in?key=x']) {
      const response = await running.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
