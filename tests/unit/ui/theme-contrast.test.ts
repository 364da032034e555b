import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 13 §3: errors, focus rings and disabled states meet WCAG AA in both themes. Reads the theme
 * tokens (src/ui/styles/theme.css) and the rules that use them (components.css, base.css) as the
 * browser gets them, and computes the contrast ratios: 4.5:1 for text, 3:1 for a control's edge and a
 * focus indicator against the colours beside it (WCAG 1.4.3, 1.4.11).
 */

type Rules = ReadonlyMap<string, ReadonlyMap<string, string>>;

const read = (file: string) => readFileSync(new URL(`../../../src/ui/styles/${file}`, import.meta.url), 'utf8');

/** Every `selector { declarations }` of a stylesheet (those inside @media too), by each selector of its list. */
function parseRules(css: string): Rules {
  const rules = new Map<string, Map<string, string>>();
  for (const [, selectors = '', body = ''] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = new Map<string, string>();
    for (const declaration of body.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
    for (const selector of selectors.split(',')) {
      const key = selector.replace(/\s+/g, ' ').trim();
      rules.set(key, new Map([...(rules.get(key) ?? []), ...declarations]));
    }
  }
  return rules;
}

const theme = parseRules(read('theme.css'));
const components = parseRules(read('components.css'));
const base = parseRules(read('base.css'));

function declared(rules: Rules, selector: string, property: string): string {
  const value = rules.get(selector)?.get(property);
  if (value === undefined) throw new Error(`No ${property} in ${selector}`);
  return value;
}

/** The custom property a declaration takes its colour from: `1px solid var(--color-border)` -> `--color-border`. */
function tokenIn(rules: Rules, selector: string, property: string): string {
  const token = /var\((--[\w-]+)\)/.exec(declared(rules, selector, property))?.[1];
  if (!token) throw new Error(`${selector} { ${property} } does not use a theme token`);
  return token;
}

type Theme = 'light' | 'dark';
const themeSelectors: Record<Theme, readonly string[]> = { light: [':root'], dark: [':root', ":root[data-theme='dark']"] };

/** A token's colour as #rrggbb in a theme, following var() references; `scope` adds a rule that overrides tokens. */
function colour(themeName: Theme, token: string, scope?: string): string {
  const tokens = new Map<string, string>();
  for (const selector of [...themeSelectors[themeName], ...(scope ? [scope] : [])]) {
    for (const [name, value] of theme.get(selector) ?? []) if (name.startsWith('--')) tokens.set(name, value);
  }
  let value = tokens.get(token);
  for (let hops = 0; value?.startsWith('var(') && hops < 10; hops += 1) value = tokens.get(/var\((--[\w-]+)\)/.exec(value)?.[1] ?? '');
  if (!value || !/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${token} is not a #rrggbb colour in the ${themeName} theme (${value})`);
  return value;
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5]
    .map((start) => parseInt(hex.slice(start, start + 2), 16) / 255)
    .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

interface Pair {
  readonly what: string;
  /** The token drawn (text, edge or ring). */
  readonly drawn: string;
  /** The tokens it may sit beside. */
  readonly beside: readonly string[];
  readonly minimum: 3 | 4.5;
  readonly scope?: string;
}

/** The page's surfaces a control may sit on: cards, the page, muted panels, a hovered row. */
const pageSurfaces = ['--color-surface', '--color-bg', '--color-surface-muted', '--color-surface-hover'];

const pairs: readonly Pair[] = [
  // Errors
  { what: 'a field’s error edge against its own background', drawn: tokenIn(components, ".input[aria-invalid='true']", 'border-color'), beside: [tokenIn(components, '.input', 'background')], minimum: 3 },
  { what: 'a field’s error edge against the card or page around it', drawn: tokenIn(components, ".input[aria-invalid='true']", 'border-color'), beside: ['--color-surface', '--color-bg'], minimum: 3 },
  { what: 'the error edge while the field is focused', drawn: tokenIn(components, ".input[aria-invalid='true']:focus-visible", 'border-color'), beside: ['--color-surface', '--color-bg'], minimum: 3 },
  { what: 'a field’s error message', drawn: tokenIn(components, '.field-error', 'color'), beside: ['--color-surface', '--color-bg'], minimum: 4.5 },
  // Focus rings
  { what: 'the focus ring (every focusable element)', drawn: tokenIn(base, ':focus-visible', 'outline'), beside: pageSurfaces, minimum: 3 },
  { what: 'a field’s focus ring', drawn: tokenIn(components, '.input:focus-visible', 'outline'), beside: pageSurfaces, minimum: 3 },
  { what: 'the focus ring in the navy side navigation', drawn: tokenIn(base, ':focus-visible', 'outline'), beside: ['--nav-bg'], minimum: 3, scope: '.app-sidebar' },
  { what: 'the focus ring in the navy phone drawer', drawn: tokenIn(base, ':focus-visible', 'outline'), beside: ['--nav-bg'], minimum: 3, scope: ".dialog-content[data-variant='drawer']" },
  // Disabled states: still legible, still seen as controls
  { what: 'a disabled button’s label', drawn: tokenIn(components, '.button:disabled', 'color'), beside: [tokenIn(components, '.button:disabled', 'background')], minimum: 4.5 },
  { what: 'a disabled button’s edge', drawn: tokenIn(components, '.button:disabled', 'border-color'), beside: ['--color-surface', '--color-bg'], minimum: 3 },
  { what: 'a disabled field’s text', drawn: tokenIn(components, '.input:disabled', 'color'), beside: [tokenIn(components, '.input:disabled', 'background')], minimum: 4.5 },
  { what: 'a disabled field’s edge', drawn: tokenIn(components, '.input:disabled', 'border-color'), beside: ['--color-surface', '--color-bg'], minimum: 3 },
  { what: 'a disabled checkbox’s edge', drawn: tokenIn(components, '.checkbox:disabled', 'border-color'), beside: ['--color-surface', '--color-bg', tokenIn(components, '.checkbox:disabled', 'background')], minimum: 3 },
  { what: 'a disabled checkbox’s tick', drawn: tokenIn(components, '.checkbox:disabled', 'color'), beside: [tokenIn(components, '.checkbox:disabled', 'background')], minimum: 3 },
  { what: 'a disabled menu option', drawn: tokenIn(components, '.menu-item[data-disabled]', 'color'), beside: [tokenIn(components, '.menu-content', 'background')], minimum: 4.5 },
  // What the states are told apart from
  { what: 'a field’s edge', drawn: tokenIn(components, '.input', 'border'), beside: ['--color-surface', '--color-bg'], minimum: 3 },
];

describe('theme contrast (WCAG AA)', () => {
  for (const themeName of ['light', 'dark'] as const) {
    describe(`${themeName} theme`, () => {
      for (const pair of pairs) {
        it(`${pair.what}: ${pair.drawn} is at least ${pair.minimum}:1 beside ${pair.beside.join(', ')}`, () => {
          const drawn = colour(themeName, pair.drawn, pair.scope);
          for (const beside of pair.beside) {
            const ratio = contrast(drawn, colour(themeName, beside, pair.scope));
            expect(ratio, `${pair.drawn} ${drawn} on ${beside} ${colour(themeName, beside, pair.scope)}`).toBeGreaterThanOrEqual(pair.minimum);
          }
        });
      }
    });
  }

  it('computes the ratio as WCAG defines it', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#b43c0a', '#0d1d36')).toBeLessThan(3);
  });
});
