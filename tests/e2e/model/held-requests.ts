import type { Page, Request, Route } from '@playwright/test';

/** Failures still in force, per page: the app's retries of a failed read fail too, until the next call is held. */
const failing = new WeakMap<Page, Set<HeldRequest>>();

/**
 * A call held on its way to the real server, so the screen of a busy state (a spinner, a disabled
 * button) can be checked before the answer arrives. `release` lets it go on to the server unchanged;
 * `abort` is a network failure, the one failure made in the browser rather than by the server: the
 * network stays down for this call (the API client retries reads) until another call is held.
 */
export class HeldRequest {
  private readonly held: Route[] = [];
  private mode: 'holding' | 'passing' | 'failing' = 'holding';
  private arrivedResolve: () => void = () => undefined;
  private readonly arrival = new Promise<void>((resolve) => (this.arrivedResolve = resolve));

  private constructor(
    private readonly page: Page,
    private readonly url: RegExp,
    private readonly method: string,
  ) {}

  /** Holds every `method` call to `url` from now until it is released or aborted. */
  static async hold(page: Page, method: string, url: RegExp): Promise<HeldRequest> {
    const down = failing.get(page) ?? new Set<HeldRequest>();
    failing.set(page, down);
    for (const earlier of down) await earlier.restore();
    const request = new HeldRequest(page, url, method);
    await page.route(url, request.handler);
    return request;
  }

  private readonly handler = async (route: Route, request: Request) => {
    if (this.mode === 'passing' || request.method() !== this.method) await route.fallback();
    else if (this.mode === 'failing') await route.abort('failed');
    else {
      this.held.push(route);
      this.arrivedResolve();
    }
  };

  /** Resolves once the app has made the call. */
  arrived(): Promise<void> {
    return this.arrival;
  }

  async release(): Promise<void> {
    await this.arrival;
    this.mode = 'passing';
    // A call the app dropped meanwhile (it navigated away, or aborted it) has nothing left to answer.
    await Promise.all(this.held.splice(0).map((route) => route.continue().catch(() => undefined)));
    await this.page.unroute(this.url, this.handler);
  }

  async abort(): Promise<void> {
    await this.arrival;
    this.mode = 'failing';
    failing.get(this.page)?.add(this);
    await Promise.all(this.held.splice(0).map((route) => route.abort('failed').catch(() => undefined)));
  }

  /** The network is back for this call. */
  private async restore(): Promise<void> {
    this.mode = 'passing';
    failing.get(this.page)?.delete(this);
    await this.page.unroute(this.url, this.handler);
  }
}
