/**
 * Radix's scroll lock (react-style-singleton) writes a <style> element when a dialog, menu or select
 * opens; the portal's CSP admits it only with this page's nonce, which the library reads from this global.
 */
const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
(window as Window & { __webpack_nonce__?: string }).__webpack_nonce__ = meta?.nonce || undefined;
export {};
