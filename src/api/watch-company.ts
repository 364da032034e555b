import { decode } from '../domain/decode';
import { LiveChange } from '../domain/live';
import { storedAccessToken } from './session-storage';

const firstRetryMs = 1000;
const lastRetryMs = 30_000;

/** Reads the data lines of a server-sent event stream, calling back with each event's data. */
async function readEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    const blocks = buffered.split('\n\n');
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) onData(data);
    }
  }
}

/**
 * GET company/{id}/live: hears what changes in the company, from any instance of the portal. The
 * stream comes back by itself after a dropped connection; a refused one (signed out) is not retried.
 */
export function watchCompany(companyId: string, onChange: (change: LiveChange) => void): () => void {
  const controller = new AbortController();
  let retryMs = firstRetryMs;

  const connect = async (): Promise<void> => {
    while (!controller.signal.aborted) {
      try {
        const token = storedAccessToken();
        const response = await fetch(`/api/company/${encodeURIComponent(companyId)}/live`, {
          headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 403) return;
        if (response.ok && response.body) {
          retryMs = firstRetryMs;
          await readEvents(response.body, (data) => {
            const change = decode(LiveChange, safeJson(data));
            if (change.ok) onChange(change.value);
          });
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(retryMs * 2, lastRetryMs);
    }
  };
  void connect();
  return () => controller.abort();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
