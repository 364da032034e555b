/** When a read signature made at `time` expires: the end of its window plus the lifetime. */
export const readExpiry = (time: number, windowMs: number, lifetimeMs: number) => new Date(Math.ceil(time / windowMs) * windowMs + lifetimeMs);

export interface ReadSignatureOptions {
  /** Signatures made within one window share their expiry (`readExpiry`), so they are the same text. */
  readonly windowMs: number;
  readonly lifetimeMs: number;
  /** The most blobs remembered at once; past it the window starts remembering afresh. */
  readonly maxEntries: number;
  readonly now?: () => number;
}

/**
 * Issue 11: a blob's read signature made once per expiry window instead of on every answer that shows it
 * (a list page shows up to 21 plans or logos; the storage SDK takes 7-10 µs to sign one). A read URL's
 * expiry is rounded to its window, so within one window signing the same blob again writes the same text:
 * remembering it changes no answer, and every instance signs alike with the same account key. Forgotten
 * at the window's end, and at `maxEntries`, so the memory stays bounded.
 */
export function signedOncePerWindow(sign: (fileKey: string, expiresOn: Date) => string, options: ReadSignatureOptions): (fileKey: string) => string {
  const now = options.now ?? Date.now;
  let window = Number.NaN;
  let signatures = new Map<string, string>();
  return (fileKey) => {
    const time = now();
    const current = Math.ceil(time / options.windowMs);
    if (current !== window) {
      window = current;
      signatures = new Map();
    }
    const remembered = signatures.get(fileKey);
    if (remembered !== undefined) return remembered;
    if (signatures.size >= options.maxEntries) signatures = new Map();
    const signature = sign(fileKey, readExpiry(time, options.windowMs, options.lifetimeMs));
    signatures.set(fileKey, signature);
    return signature;
  };
}
