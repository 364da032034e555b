import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildWebApp, isWebBuildStale, viteBuild, type BuildInto } from '../../../server/web-build';
import { checkInPageFile, drawnBodies, drawnMarker, drawnNoticeMarker, drawnPageId, drawnSiteFields, type CheckInPageCopies } from '../../../src/domain/check-in-page';
import { siteVisitMessages } from '../../../src/domain/site-visit';
import { loginPageFile, returnToParam, signInPath } from '../../../src/domain/login-page';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh folder to build in; distDir inside it does not exist yet. */
function place(): { root: string; distDir: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-web-build-'));
  folders.push(root);
  return { root, distDir: path.join(root, 'dist') };
}

/** Stands in for vite: counts its builds and writes an index after `ms`, or fails. */
function fakeBuild(ms: number, fail = false) {
  const builds: string[] = [];
  const buildInto: BuildInto = async (outDir) => {
    builds.push(outDir);
    mkdirSync(outDir, { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (fail) throw new Error('vite failed');
    writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><title>build ${builds.length}</title>`);
  };
  return { builds, buildInto };
}

describe('buildWebApp on one DIST_DIR', () => {
  it('builds once when three portals start at once; the other two wait for that build', async () => {
    const { root, distDir } = place();
    const { builds, buildInto } = fakeBuild(300);
    await Promise.all([buildWebApp(distDir, buildInto, 20), buildWebApp(distDir, buildInto, 20), buildWebApp(distDir, buildInto, 20)]);
    expect(builds).toHaveLength(1);
    expect(readFileSync(path.join(distDir, 'index.html'), 'utf8')).toContain('build 1');
    expect(isWebBuildStale(distDir)).toBe(false);
    // No lock, staging folder or old build is left beside it.
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('replaces a stale build whole', async () => {
    const { root, distDir } = place();
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), 'old');
    writeFileSync(path.join(distDir, 'assets', 'old-Ab12.js'), 'old');
    utimesSync(path.join(distDir, 'index.html'), new Date('2000-01-01'), new Date('2000-01-01'));
    expect(isWebBuildStale(distDir)).toBe(true);
    const { builds, buildInto } = fakeBuild(10);
    await buildWebApp(distDir, buildInto, 20);
    expect(builds).toHaveLength(1);
    expect(readFileSync(path.join(distDir, 'index.html'), 'utf8')).toContain('build 1');
    // The old build's chunk stays one build longer, for its pages still open.
    expect(readdirSync(path.join(distDir, 'assets'))).toEqual(['old-Ab12.js']);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it("carries the previous build's own assets for pages still open, and drops those two builds old", async () => {
    const { distDir } = place();
    /** A build whose index names its one chunk, `<name>.js`, published as a deploy would: its sources changed since. */
    const deploy = async (name: string) => {
      if (existsSync(distDir)) utimesSync(path.join(distDir, 'index.html'), new Date('2000-01-01'), new Date('2000-01-01'));
      await buildWebApp(distDir, async (outDir) => {
        mkdirSync(path.join(outDir, 'assets'), { recursive: true });
        writeFileSync(path.join(outDir, 'assets', `${name}.js`), name);
        writeFileSync(path.join(outDir, 'assets', `${name}.js.br`), name);
        writeFileSync(path.join(outDir, 'index.html'), `<script src="/assets/${name}.js"></script>`);
      });
      return readdirSync(path.join(distDir, 'assets')).sort();
    };
    expect(await deploy('first-Aa11')).toEqual(['first-Aa11.js', 'first-Aa11.js.br']);
    expect(await deploy('second-Bb22')).toEqual(['first-Aa11.js', 'first-Aa11.js.br', 'second-Bb22.js', 'second-Bb22.js.br']);
    expect(await deploy('third-Cc33')).toEqual(['second-Bb22.js', 'second-Bb22.js.br', 'third-Cc33.js', 'third-Cc33.js.br']);
    expect(readFileSync(path.join(distDir, 'assets', 'second-Bb22.js'), 'utf8')).toBe('second-Bb22');
  });

  it('takes over a lock left by a process that died', async () => {
    const { distDir } = place();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(`${distDir}.building`, JSON.stringify({ pid: dead, host: os.hostname() }));
    const { builds, buildInto } = fakeBuild(10);
    await buildWebApp(distDir, buildInto, 20);
    expect(builds).toHaveLength(1);
    expect(existsSync(`${distDir}.building`)).toBe(false);
  });

  it('waits while a live process holds the lock, and builds itself if that build failed', async () => {
    const { root, distDir } = place();
    writeFileSync(`${distDir}.building`, JSON.stringify({ pid: process.pid, host: os.hostname() }));
    const { builds, buildInto } = fakeBuild(10);
    const waiting = buildWebApp(distDir, buildInto, 20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(builds).toHaveLength(0);
    // The holder gives up without publishing a build.
    rmSync(`${distDir}.building`);
    await waiting;
    expect(builds).toHaveLength(1);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('keeps the build in place when a new one fails, and leaves no lock or half-made folder', async () => {
    const { root, distDir } = place();
    mkdirSync(distDir, { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), 'old');
    utimesSync(path.join(distDir, 'index.html'), new Date('2000-01-01'), new Date('2000-01-01'));
    const { buildInto } = fakeBuild(10, true);
    await expect(buildWebApp(distDir, buildInto, 20)).rejects.toThrow('vite failed');
    expect(readFileSync(path.join(distDir, 'index.html'), 'utf8')).toBe('old');
    expect(readdirSync(root)).toEqual(['dist']);
  });
});

describe('viteBuild', () => {
  it("builds React's production bundle even for a portal run with NODE_ENV=development", async () => {
    const { distDir } = place();
    vi.stubEnv('NODE_ENV', 'development');
    try {
      await viteBuild(distDir);
    } finally {
      vi.unstubAllEnvs();
    }
    const scripts = readdirSync(path.join(distDir, 'assets')).filter((name) => name.endsWith('.js'));
    const code = scripts.map((name) => readFileSync(path.join(distDir, 'assets', name), 'utf8')).join('\n');
    expect(scripts.length).toBeGreaterThan(10);
    // A warning only React's development build carries.
    expect(code.includes('Each child in a list should have a unique'), "the build carries React's development warnings").toBe(false);

    // Issue 11: the same build draws the login page into a copy of its page (vite.config.ts), head and scripts alike.
    const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const login = readFileSync(path.join(distDir, loginPageFile), 'utf8');
    const emptyRoot = '<div id="root"></div>';
    const [before = '', after] = index.split(emptyRoot);
    // Titled as the app titles the login page once it has started.
    expect(login.startsWith(`${before.replace('<title>SiteSafe Portal</title>', '<title>Sign in · SiteSafe Portal</title>')}<div id="root">`)).toBe(true);
    expect(login).toContain('<main class="login">');
    expect(login.endsWith(`</main></div>${after}`)).toBe(true);
    expect(login).toContain(`<form class="login-actions" action="${signInPath('google')}" method="get">`);
    for (const provider of ['google', 'apple'] as const) expect(login).toMatch(new RegExp(`<button [^>]*type="submit" formAction="${signInPath(provider)}"`));
    expect(login).toContain('Continue with Google');
    expect(login).toContain('Continue with Apple');

    // Issue 11: and the check-in page a QR code opens, with markers for its site's fields, with a job number and without,
    // for a browser without a session (its working sign-in) and for any other (the loading state).
    const copies = JSON.parse(readFileSync(path.join(distDir, checkInPageFile), 'utf8')) as CheckInPageCopies;
    const [plainHead = '', rest = ''] = before.split('  </head>');
    const head = plainHead.replace('<title>SiteSafe Portal</title>', '<title>Site Check-In · SiteSafe Portal</title>');
    for (const visitor of drawnBodies) {
      for (const jobNumber of ['withJobNumber', 'withoutJobNumber'] as const) {
        const copy = copies[visitor][jobNumber];
        const variant = `${visitor} ${jobNumber}`;
        expect(copy.startsWith(head), variant).toBe(true);
        // The styles of the page's own code, which the router loads on demand, are linked before the app's code runs.
        const links = copy.slice(head.length, copy.indexOf('  </head>')).trim().split(/\n\s*/);
        expect(links.some((link) => /^<link rel="stylesheet" crossorigin href="\/assets\/check-in-page-[\w-]+\.css">$/.test(link)), variant).toBe(true);
        for (const link of links) expect(existsSync(path.join(distDir, /href="\/([^"]+)"/.exec(link)?.[1] ?? 'none')), link).toBe(true);
        // For a returning visitor its code is asked for with the entry's: the page's chunk and its machine's, not the
        // outbox's (which waits). A signed-out visitor's drawn sign-in works without it, and paints sooner.
        const preloaded = links.flatMap((link) => /^<link rel="modulepreload" crossorigin href="\/assets\/([\w.-]+)-[\w-]{8}\.js">$/.exec(link)?.[1] ?? []);
        if (visitor === 'returning') expect(preloaded, variant).toEqual(expect.arrayContaining(['check-in-page', 'site-check-in.machine']));
        else expect(preloaded, variant).toEqual([]);
        expect(preloaded.filter((name) => name.startsWith('outbox')), variant).toEqual([]);
        expect(copy.endsWith(`${emptyRoot}${after}`), variant).toBe(true);
        expect(copy, variant).toContain(`  </head>${rest}<div id="${drawnPageId}"><main class="gate">`);
        // The logo comes with the page, as a data URL: no request of its own (src/ui/brand.tsx).
        expect(copy, variant).toContain('<img src="data:image/svg+xml,%3Csvg%20');
        for (const field of drawnSiteFields.filter((name) => name !== 'siteNumber')) expect(copy, variant).toContain(drawnMarker(field));
        expect(copy.includes(`Job No. ${drawnMarker('siteNumber')}`), variant).toBe(jobNumber === 'withJobNumber');
        // Issue 55 §8: the site status's notice goes between the site and what is below it.
        expect(copy, variant).toContain(`</section>${drawnNoticeMarker}`);
        if (visitor === 'returning') {
          expect(copy, variant).toContain('Loading, Please Wait');
          expect(copy, variant).not.toContain('<form');
        } else if (visitor === 'siteClosed') {
          expect(copy, variant).toContain(`${drawnNoticeMarker}</div></main></div>`);
        } else {
          expect(copy, variant).not.toContain('Loading, Please Wait');
          expect(copy, variant).toContain(
            `<form class="gate-actions" action="${signInPath('google')}" method="get"><input type="hidden" name="${returnToParam}" value="${drawnMarker('returnTo')}"/>`,
          );
          for (const provider of ['google', 'apple'] as const) expect(copy, variant).toMatch(new RegExp(`<button [^>]*type="submit" formAction="${signInPath(provider)}"`));
          expect(copy, variant).toContain('Sign in to check in');
        }
      }
    }

    // The notices are the app's own, in its words: nothing for an ongoing site.
    expect(copies.notices.ongoing).toBe('');
    expect(copies.notices.on_hold).toContain(siteVisitMessages.siteOnHold);
    for (const status of ['completed', 'cancelled'] as const) {
      expect(copies.notices[status]).toContain(siteVisitMessages.siteClosed);
      expect(copies.notices[status]).toContain(siteVisitMessages.siteClosedLead(status === 'completed' ? 'Completed' : 'Cancelled'));
    }

    // Issue 11: the app's modules that many screens share come in two files (vite.config.ts), not dozens of a few
    // hundred bytes each: a tradesperson's home needed 28 files beyond the entry's on the build before, 14 with them.
    const imports = new Map(scripts.map((name) => [name, [...readFileSync(path.join(distDir, 'assets', name), 'utf8').matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1] ?? '')]));
    const closure = (name: string, into = new Set<string>()): Set<string> => {
      if (into.has(name)) return into;
      into.add(name);
      for (const imported of imports.get(name) ?? []) closure(imported, into);
      return into;
    };
    const inEntry = new Set<string>();
    for (const [, name = ''] of index.matchAll(/\/assets\/([\w.-]+\.js)/g)) closure(name, inEntry);
    const home = scripts.find((name) => /^tradesperson-page-[\w-]+\.js$/.test(name)) ?? 'none';
    const homeCode = [...closure(home)].filter((name) => !inEntry.has(name));
    expect(homeCode.map((name) => name.replace(/-[\w-]{8}\.js$/, ''))).toEqual(expect.arrayContaining(['common', 'common-ui']));
    // The connection hook the outbox, the builder and the offline screens share is a file of its own: 17.
    expect(homeCode.length, homeCode.join(', ')).toBeLessThanOrEqual(17);
  }, 120_000);
});
