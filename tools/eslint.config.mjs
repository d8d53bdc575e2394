import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { REMOTE_NAMES } from '@metrology/shared/release';

const remotes = [...REMOTE_NAMES];

/** @param {string} text */
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * An import path that reaches into another package at any depth: a remote by its (unique) name anywhere in the
 * path; the shell or the api by package name or through their src folder.
 * @param {string[]} remoteNames @param {string[]} hosts
 */
const forbidden = (remoteNames, hosts) =>
  [
    `(^|/)(${remoteNames.map(escapeRegex).join('|')})(/|$)`,
    ...hosts.map((host) => `^@metrology/${host}(/|$)|(^|/)${host}/src(/|$)`),
  ].join('|');

/** @metrology/shared imports no section (every block of rules for shared/src repeats it: a later block's rule
 * replaces an earlier one's for the same files). */
const SHARED_IS_THE_BOTTOM_LAYER = {
  group: ['mfe-*', 'mfe-*/*', '@metrology/shell', '@metrology/api', '../../../*'],
  message: '@metrology/shared is the bottom layer: it imports no section.',
};

/** The two files that ask React's fiber whether an element has hydrated (see the rule below). */
/**
 * no-restricted-syntax entries refusing React's private fields on DOM nodes: a string starting `__react` (a key
 * looked up by name or prefix), any `__react…` template, member name or destructured key, and React's value tracker.
 */
function reactPrivateFields() {
  return [
    'Literal[value=/^__react/]',
    'TemplateElement[value.raw=/^__react/]',
    'MemberExpression[computed=false] > Identifier.property[name=/^__react/]',
    'Property > Identifier.key[name=/^__react/]',
    "Literal[value='_valueTracker']",
    "Identifier[name='_valueTracker']",
  ].map((selector) => ({
    selector,
    message:
      "React's private fields (__react…, _valueTracker) are not read outside React: keep state in the page or in React.",
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.tmp/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Playwright fixtures declare their dependencies by destructuring, even when there are none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // React Router reaches the bundles through one federation singleton that names what the shop uses: a direct
    // import would put a second, whole copy of the package into that bundle. Tests may use its test routers.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**', '**/test-support/**', '**/test-utils/**', 'shared/src/router/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: "Import the router from '@metrology/shared/router' (the shop's one router singleton).",
          })),
        },
      ],
    },
  },
  // The direction of imports: @metrology/shared <- remotes and shell; remotes never import each other or the shell,
  // at any depth (a package name, a relative path climbing out of the package, or a path through node_modules).
  ...remotes.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: forbidden(
                remotes.filter((r) => r !== remote),
                ['shell', 'api'],
              ),
              message:
                'A remote imports only @metrology/shared: talk to other sections through the store and URLs.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: forbidden(remotes, ['api']),
              message: 'The shell loads remotes at run time through federation; it never imports their code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [SHARED_IS_THE_BOTTOM_LAYER],
        },
      ],
    },
  },
  {
    // The controls entry is a singleton of its own: a relative path into the main entry would bundle a second copy
    // of what it reaches (the rules, the store) into the controls chunk.
    files: ['shared/src/controls/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SHARED_IS_THE_BOTTOM_LAYER,
            {
              group: ['../*', '!../__tests__'],
              message:
                "src/controls reaches the main entry as '@metrology/shared' (the singleton), not by path.",
            },
          ],
        },
      ],
    },
  },
  {
    // React's own fields on DOM nodes (__reactFiber$…, __reactProps$…, _valueTracker) are private and change
    // between minors: no code reads them, by a member name, a string or a template.
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    rules: { 'no-restricted-syntax': ['error', ...reactPrivateFields()] },
  },
);
