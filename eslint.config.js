import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(new URL(import.meta.url).pathname);
const within = (file, dir) => file.startsWith(path.join(root, dir) + path.sep);
const featureOf = (file) => (within(file, 'src/features') ? path.relative(path.join(root, 'src/features'), file).split(path.sep)[0] : null);

/** Layers of DESIGN.md and STYLE.md: machines stay pure, features stay apart, imports flow ui -> features -> app. */
function forbiddenImport(file, specifier) {
  const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : null;
  const reaches = (dir) => target !== null && (target === path.join(root, dir) || within(target, dir));
  const isReact = /^(react|react-dom|@xstate\/react|react-router-dom)(\/|$)/.test(specifier);
  if (within(file, 'machines')) {
    if (isReact) return 'machines/ must not import React';
    if (/^ky(\/|$)/.test(specifier) || reaches('src/api')) return 'machines/ must not import src/api or an HTTP client';
    if (reaches('src/features') || reaches('src/app') || reaches('src/ui')) return 'machines/ must not import the views';
  }
  if (within(file, 'src/domain') && (isReact || reaches('src/api') || reaches('src/features') || reaches('src/app') || reaches('src/ui'))) {
    return 'src/domain/ holds rules only';
  }
  if (within(file, 'src/ui') && (reaches('src/features') || reaches('src/app') || reaches('src/components'))) {
    return 'src/ui/ must not import components, features or the app';
  }
  if (within(file, 'src/components') && (reaches('src/features') || reaches('src/app'))) {
    return 'src/components/ is shared by features and must not import them or the app';
  }
  const feature = featureOf(file);
  if (feature && target && within(target, 'src/features') && featureOf(target) !== feature) {
    return `features do not import each other (${feature} -> ${featureOf(target)})`;
  }
  if (within(file, 'server') && (isReact || reaches('src/features') || reaches('src/app') || reaches('src/ui') || reaches('src/api'))) {
    return 'server/ shares only src/domain with the browser';
  }
  return null;
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const problem = forbiddenImport(context.filename, node.source.value);
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
