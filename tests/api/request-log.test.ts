import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

describe('the request log', () => {
  const lines: Record<string, unknown>[] = [];
  let running: TestApp;

  beforeAll(async () => {
    running = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
  });
  afterAll(async () => running.close());

  it('writes one line per answered request, none for health probes', async () => {
    lines.length = 0;
    for (let probe = 0; probe < 3; probe += 1) expect((await running.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await running.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(5);
    expect(requests.every((line) => line.url === '/api/profile' && line.status === 401 && typeof line.ms === 'number')).toBe(true);
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
    expect(lines.filter((line) => String(line.url ?? '').startsWith('/api/health'))).toEqual([]);
  });
});
