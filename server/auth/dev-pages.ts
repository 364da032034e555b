export interface DevAccount {
  readonly email: string;
  readonly name: string;
  readonly roles: string;
}

export interface SignInPage {
  readonly action: string;
  readonly abortAction: string;
  readonly accounts: readonly DevAccount[];
  readonly email?: string;
  readonly error?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Served by dev-interaction-routes under the provider's mount (/oidc): the portal's CSP admits no inline style. */
export const devStylesheetPath = '/oidc/dev-sign-in.css';

export const devStylesheet = `
:root { color-scheme: light dark; --bg: #f4f6f8; --card: #ffffff; --text: #1b2430; --muted: #5b6675; --line: #d5dbe2;
  --accent: #0b5cad; --accent-text: #ffffff; --hover: #eef3f9; --focus: #f2a900; --danger: #b3261e; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #11161c; --card: #1a222b; --text: #e8edf2; --muted: #a3afbd; --line: #2f3a46;
    --accent: #5aa2ee; --accent-text: #0b1520; --hover: #223040; --focus: #ffcc4d; --danger: #ff8a80; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
main { width: 100%; max-width: 30rem; background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 2rem; }
h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
h2 { margin: 1.75rem 0 .75rem; font-size: 1rem; }
p { margin: 0; color: var(--muted); }
p + p { margin-top: .75rem; }
a { color: var(--accent); }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
button, input, a { font: inherit; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.account { width: 100%; display: grid; gap: .125rem; text-align: left; padding: .75rem 1rem; cursor: pointer;
  background: transparent; color: var(--text); border: 1px solid var(--line); border-radius: 8px; }
.account:hover { background: var(--hover); border-color: var(--accent); }
.account-email { font-weight: 600; overflow-wrap: anywhere; }
.account-meta { color: var(--muted); font-size: .875rem; }
label { display: block; font-weight: 600; margin-bottom: .375rem; }
input { width: 100%; padding: .625rem .75rem; border: 1px solid var(--line); border-radius: 8px; background: var(--card); color: var(--text); }
input[aria-invalid="true"] { border-color: var(--danger); }
.error { color: var(--danger); margin-top: .375rem; }
.primary { margin-top: .75rem; width: 100%; padding: .625rem 1rem; border: 0; border-radius: 8px; cursor: pointer;
  background: var(--accent); color: var(--accent-text); font-weight: 600; }
.secondary { margin-top: 1.5rem; padding: 0; border: 0; background: none; color: var(--accent); text-decoration: underline; cursor: pointer; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${devStylesheetPath}">
</head>
<body><main>${body}</main></body>
</html>`;
}

function accountButton(account: DevAccount): string {
  return `<li><button class="account" type="submit" name="email" value="${escapeHtml(account.email)}">
<span class="account-email">${escapeHtml(account.email)}</span>
<span class="account-meta">${escapeHtml([account.name, account.roles].filter(Boolean).join(' · '))}</span>
</button></li>`;
}

export function renderSignInPage(view: SignInPage): string {
  const accounts = view.accounts.length
    ? `<form method="post" action="${escapeHtml(view.action)}"><ul>${view.accounts.map(accountButton).join('')}</ul></form>`
    : '<p>No account has a role yet: run <code>npm run cli -- seed demo</code>.</p>';
  const error = view.error ? `<p class="error" id="email-error" role="alert">${escapeHtml(view.error)}</p>` : '';
  const invalid = view.error ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  return page(
    'Development sign-in',
    `<h1>Development sign-in</h1>
<p>This page stands in for Google and Apple during development and testing; it is never served in production.</p>
<h2>Demo accounts</h2>
${accounts}
<h2>Any other address</h2>
<form method="post" action="${escapeHtml(view.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(view.email ?? '')}"${invalid}>
${error}
<button class="primary" type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(view.abortAction)}"><button class="secondary" type="submit">Cancel and return to the portal</button></form>`,
  );
}

export function renderProblemPage(message: string, portalUrl: string): string {
  return page(
    'Sign-in could not continue',
    `<h1>Sign-in could not continue</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(portalUrl)}">Return to the portal</a> and start again.</p>`,
  );
}
