import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { BlockList } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig, parseTrustProxy } from '../../server/config';
import { pgliteTemplate } from '../support/pglite-template';

interface Seen {
  readonly ip: string;
  readonly protocol: string;
}

/**
 * The whole portal with TRUST_PROXY set as given, plus one route that answers what Fastify made of
 * the caller: the client address and scheme every other part (logs, rate limits) would use.
 */
async function portalTrusting(trustProxy: string | undefined): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-proxy-'));
  cpSync(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) };
  const app = await buildApp({ ...loadConfig(env), serveSpa: false, seedDemoWhenEmpty: false });
  app.get('/seen', async (request): Promise<Seen> => ({ ip: request.ip, protocol: request.protocol }));
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function within(address: string, cidr: string): boolean {
  const [network = '', bits = ''] = cidr.split('/');
  const list = new BlockList();
  list.addSubnet(network, Number(bits));
  return list.check(address);
}

const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };

async function seenFrom(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = forwarded): Promise<Seen> {
  const response = await app.inject({ url: '/seen', remoteAddress, headers });
  expect(response.statusCode).toBe(200);
  return response.json<Seen>();
}

describe('TRUST_PROXY', () => {
  describe('unset', () => {
    let portal: Awaited<ReturnType<typeof portalTrusting>>;
    beforeAll(async () => (portal = await portalTrusting(undefined)));
    afterAll(async () => portal.close());

    it('believes no one’s X-Forwarded-For or X-Forwarded-Proto, not even a caller on loopback', async () => {
      expect(await seenFrom(portal.app, '198.51.100.9')).toEqual({ ip: '198.51.100.9', protocol: 'http' });
      expect(await seenFrom(portal.app, '127.0.0.1')).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    });
  });

  describe('set to the proxy’s address and a proxy network', () => {
    let portal: Awaited<ReturnType<typeof portalTrusting>>;
    beforeAll(async () => (portal = await portalTrusting('172.30.0.2, 10.8.0.0/16')));
    afterAll(async () => portal.close());

    it('uses the client address and scheme a configured proxy forwards', async () => {
      expect(await seenFrom(portal.app, '172.30.0.2')).toEqual({ ip: '203.0.113.7', protocol: 'https' });
      expect(await seenFrom(portal.app, '10.8.4.1')).toEqual({ ip: '203.0.113.7', protocol: 'https' });
    });

    it('ignores the same headers sent straight by anyone else', async () => {
      expect(await seenFrom(portal.app, '198.51.100.9')).toEqual({ ip: '198.51.100.9', protocol: 'http' });
      expect(await seenFrom(portal.app, '10.9.0.1')).toEqual({ ip: '10.9.0.1', protocol: 'http' });
    });

    it('takes the address the proxy saw, not one the client wrote into the header before it', async () => {
      const chain = { 'x-forwarded-for': '192.0.2.66, 203.0.113.7', 'x-forwarded-proto': 'https' };
      expect(await seenFrom(portal.app, '172.30.0.2', chain)).toEqual({ ip: '203.0.113.7', protocol: 'https' });
      const throughBoth = { 'x-forwarded-for': '203.0.113.7, 10.8.4.1', 'x-forwarded-proto': 'https' };
      expect(await seenFrom(portal.app, '172.30.0.2', throughBoth)).toEqual({ ip: '203.0.113.7', protocol: 'https' });
    });
  });

  it('reads addresses, CIDR ranges and proxy-addr’s range names, and refuses anything else at start', () => {
    expect(parseTrustProxy(undefined)).toEqual([]);
    expect(parseTrustProxy(' ')).toEqual([]);
    expect(parseTrustProxy('10.0.0.2, 10.1.0.0/16,::1,fd00::/8 ,loopback')).toEqual(['10.0.0.2', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const wrong of ['true', '*', 'proxy.example.com', '10.0.0.0/33', '10.0.0.300', '10.0.0.0/8/1', '10.0.0.0/']) {
      expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: wrong }), wrong).toThrow(ConfigError);
    }
  });

  it('is set in the compose deployment to the address its Caddy proxy is given', () => {
    const compose = readFileSync(new URL('../../server/deploy/compose.yaml', import.meta.url), 'utf8');
    const trusted = /^\s+TRUST_PROXY: (\S+)$/m.exec(compose)?.[1] ?? '';
    const proxyAddress = /^\s+ipv4_address: (\S+)$/m.exec(compose)?.[1] ?? '';
    expect(parseTrustProxy(trusted)).toEqual([proxyAddress]);
    const subnet = /^\s+- subnet: (\S+)$/m.exec(compose)?.[1] ?? '';
    const range = /^\s+ip_range: (\S+)$/m.exec(compose)?.[1] ?? '';
    expect(within(proxyAddress, subnet)).toBe(true);
    expect(within(proxyAddress, range), 'no other container can be given the proxy’s address').toBe(false);
  });
});
