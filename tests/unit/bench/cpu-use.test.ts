import { describe, expect, it } from 'vitest';
import { ceilingOf, countCpu, isLocalServer } from '../../bench/cpu-use';

/** Works until this process has used `ms` of CPU (by Node's own count), however busy the machine is. */
const spin = (ms: number) => {
  const start = process.cpuUsage();
  let x = 0;
  for (;;) {
    for (let i = 0; i < 10_000; i++) x += Math.sqrt(x + i);
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return x;
  }
};

describe('the bench CPU counter (issue 11)', () => {
  it("divides a process's CPU time between the requests answered", () => {
    const perRequest = countCpu({ portalPid: process.pid, localPostgres: false });
    spin(300);
    const figures = perRequest(10);
    // 300 ms of CPU over 10 requests is about 30,000 µs each; /proc counts in 10 ms ticks, and other threads add a little.
    expect(figures.portal).toBeGreaterThan(20_000);
    expect(figures.portal).toBeLessThan(60_000);
    expect(figures.load).toBe(figures.portal);
    expect(figures.postgres).toBeUndefined();
    // Without a PostgreSQL server on this machine (PGlite runs in the portal) no shared ceiling is claimed.
    expect(figures.ceiling).toBeUndefined();
  });

  it('gives the rate the three processes allow together on the cores they share', () => {
    expect(ceilingOf(2, { portal: 500, postgres: 400, load: 100 })).toBe(2_000);
    expect(ceilingOf(2, { portal: 500, postgres: 400, load: undefined })).toBeCloseTo(2_222.2, 1);
    expect(ceilingOf(2, { portal: 500, postgres: undefined, load: 100 })).toBeUndefined();
  });

  it('leaves out what it cannot read', () => {
    const figures = countCpu({ portalPid: 2 ** 22 + 1, localPostgres: false })(10);
    expect(figures.portal).toBeUndefined();
    expect(figures.ceiling).toBeUndefined();
  });

  it('counts a PostgreSQL server only on this machine', () => {
    expect(isLocalServer('postgres://postgres@127.0.0.1:5432/test')).toBe(true);
    expect(isLocalServer('postgres://postgres@localhost/test')).toBe(true);
    expect(isLocalServer('postgres://postgres@db.internal:5432/test')).toBe(false);
  });
});
