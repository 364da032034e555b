import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(new URL(import.meta.url).pathname);
const within = (file, dir) => file.startsWith(path.join(root, dir) + path.sep);
const featureOf = (file) => (within(file, 'src/features') ? path.relative(path.join(root, 'src/features'), file).split(path.sep)[0] : null);

/**
 * Layers of DESIGN.md and STYLE.md: machines stay pure, features stay apart, imports flow
 * ui -> components -> flows -> features -> app. src/components starts no workflow (a machine's types and selectors
 * only); src/flows holds the workflows several features share.
 */
function forbiddenImport(file, specifier, typeOnly) {
  const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : null;
  const reaches = (dir) => target !== null && (target === path.join(root, dir) || within(target, dir));
  const isReact = /^(react|react-dom|@xstate\/react|react-router-dom)(\/|$)/.test(specifier);
  if (within(file, 'machines')) {
    if (isReact) return 'machines/ must not import React';
    if (/^ky(\/|$)/.test(specifier) || reaches('src/api')) return 'machines/ must not import src/api or an HTTP client';
    if (reaches('src/features') || reaches('src/app') || reaches('src/ui') || reaches('src/components') || reaches('src/flows')) return 'machines/ must not import the views';
  }
  const views = ['src/ui', 'src/components', 'src/flows', 'src/features', 'src/app'];
  if (within(file, 'src/domain') && (isReact || reaches('src/api') || views.some(reaches))) {
    return 'src/domain/ holds rules only';
  }
  if (within(file, 'src/ui') && (reaches('src/features') || reaches('src/app') || reaches('src/components') || reaches('src/flows'))) {
    return 'src/ui/ must not import components, flows, features or the app';
  }
  if (within(file, 'src/components') && (reaches('src/features') || reaches('src/app') || reaches('src/flows'))) {
    return 'src/components/ is shared by features and must not import flows, features or the app';
  }
  if (within(file, 'src/components') && !typeOnly && target && /\.machine$/.test(target)) {
    return 'src/components/ starts no workflow: a part that runs a machine lives in src/flows/ or its feature (types and selectors are fine)';
  }
  if (within(file, 'src/flows') && (reaches('src/features') || reaches('src/app'))) {
    return 'src/flows/ is shared by features and must not import them or the app';
  }
  if (within(file, 'src/features') && reaches('src/app')) {
    return 'features do not import the app: the app composes them (what they share lives in src/flows/ or src/components/)';
  }
  const feature = featureOf(file);
  if (feature && target && within(target, 'src/features') && featureOf(target) !== feature) {
    return `features do not import each other (${feature} -> ${featureOf(target)})`;
  }
  if (within(file, 'server') && (isReact || reaches('src/api') || views.some(reaches))) {
    return 'server/ shares only src/domain with the browser';
  }
  return null;
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const specifiers = node.specifiers ?? [];
      const typeOnly =
        node.importKind === 'type' || node.exportKind === 'type' || (specifiers.length > 0 && specifiers.every((part) => part.importKind === 'type' || part.exportKind === 'type'));
      const problem = forbiddenImport(context.filename, node.source.value, typeOnly);
      if (problem) context.report({ node: node.source, message: problem });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', '.tmp', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { portal: { rules: { boundaries } }, 'react-hooks': reactHooks },
    rules: {
      'portal/boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/transaction.ts', 'server/db/migrate.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Begin transactions with inTransaction (server/db/transaction.ts): it runs the work again after a deadlock or a serialisation failure.',
        },
      ],
    },
  },
);
