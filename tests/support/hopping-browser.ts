import http from 'node:http';

export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A browser's cookie jar behind a load balancer that sends each request to whichever instance the
 * test names: every address the portal hands out is on PUBLIC_URL, and the request goes to that
 * instance with PUBLIC_URL's host, as a proxy would forward it.
 */
export function hoppingBrowser(publicUrl: string) {
  const cookies = new Map<string, string>();

  const remember = (lines: string[] | undefined) => {
    for (const line of lines ?? []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const gone = value === '' || attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (gone) cookies.delete(name);
      else cookies.set(name, value);
    }
  };

  function request(instance: string, method: string, address: string, options: { body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    const target = new URL(address, publicUrl);
    const via = new URL(instance);
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: via.hostname,
          port: via.port,
          method,
          path: target.pathname + target.search,
          headers: { host: new URL(publicUrl).host, ...(cookie ? { cookie } : {}), ...options.headers },
        },
        (response) => {
          remember(response.headers['set-cookie']);
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(options.body);
    });
  }

  return { request, cookies };
}
