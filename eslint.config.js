import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The web app's folders import one way (docs/decisions/042-web-boundaries-and-sanitiser.md): the
// app shell (app/, with the header and footer in app/layout/) composes routes and features, a route
// composes features, a feature uses components/ui, lib, the domain and the features it lists here,
// and ui and lib use nothing above them. A feature lists only features below it, so no two import
// each other both ways (src/web/folder-cycles.test.ts fails on such a cycle too).
const WEB_FEATURE_IMPORTS = {
  account: [],
  cart: [],
  content: [],
  catalog: ['cart'],
  orders: ['account', 'cart', 'content'],
  payments: ['account', 'cart', 'orders'],
  checkout: ['account', 'payments'],
  admin: ['account', 'content', 'payments'],
};

/** An import (relative or '@/web/') of one of these folders of src/web. */
const webFolder = (names, prefix = '') => `^(?:@/web/${prefix}|(?:\\.\\./)+${prefix && `(?:${prefix})?`})(?:${names.join('|')})(?:/|$)`;

/** The app's links are its own (src/web/components/ui/link.tsx): react-router's carry code this app never runs. */
const ROUTER_LINKS = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message:
    "Use Link and NavLink from src/web/components/ui/link.tsx: react-router's own bring prefetching and framework code into the first download.",
};

// One rule's options replace another's for the same file, so every boundary repeats the links' rule.
const webBoundary = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { paths: [ROUTER_LINKS], patterns }] } });

const NOT_THE_SHELL = {
  regex: webFolder(['app', 'routes']),
  message:
    'Only the app shell (src/web/app) composes routes and its layout: move what is shared to components/ui, lib or the feature that owns it.',
};

const WEB_BOUNDARIES = [
  webBoundary(
    ['src/web/components/ui/**/*.{ts,tsx}'],
    [{ regex: webFolder(['features', 'app', 'routes']), message: 'The shared ui imports no feature, route or app code.' }],
  ),
  webBoundary(
    ['src/web/lib/**/*.{ts,tsx}'],
    [{ regex: webFolder(['features', 'app', 'routes', 'components']), message: 'lib imports no component, feature, route or app code.' }],
  ),
  ...Object.entries(WEB_FEATURE_IMPORTS).map(([feature, allowed]) => {
    const others = Object.keys(WEB_FEATURE_IMPORTS).filter((name) => name !== feature && !allowed.includes(name));
    return webBoundary(
      [`src/web/features/${feature}/**/*.{ts,tsx}`],
      [
        NOT_THE_SHELL,
        {
          regex: webFolder(others, 'features/'),
          message: `The ${feature} feature imports ${allowed.length ? `only the features ${allowed.join(', ')}` : 'no other feature'} (WEB_FEATURE_IMPORTS in eslint.config.js): move what is shared to the lower feature, components/ui or lib.`,
        },
      ],
    );
  }),
  webBoundary(
    ['src/web/routes/**/*.{ts,tsx}'],
    [
      {
        regex: webFolder(['app']),
        message: 'A route never imports the app shell that composes it: move what is shared to components/ui or a feature.',
      },
    ],
  ),
];

export default tseslint.config(
  { ignores: ['dist/**', '.dist-*/**', 'node_modules/**', 'data/**', 'src/server/db/migrations/**', 'test-results/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules, on the TypeScript files only (the tsconfig's src, tests, scripts, bench and
    // root configs); plain .js/.mjs files are linted without types, which keeps the lint step fast.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // Under <BrowserRouter> (declarative routing) react-router's navigate() returns nothing: its
        // Promise type only applies to data routers, which this app does not use.
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // React's onClick/onSubmit props may take an async handler; everywhere else a promise must not
      // go where a void-returning callback is expected.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Only env.ts reads process.env; the browser and the domain never do.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/env.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts' },
      ],
    },
  },
  {
    // The domain is pure: no server, web, database or HTTP imports.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['../server/*', '../web/*', '@/server/*', '@/web/*', 'drizzle-orm*', 'hono*', 'node:*', 'react*'] },
      ],
    },
  },
  {
    // The web app reaches the server only through the typed client (src/web/lib/api-client.ts),
    // whose one import from the server is the type of the routes, AppType: answer types come from
    // the routes, never from service modules.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api-client.ts', 'src/web/entry-server.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@/server/**'],
              message:
                'The web app talks to the server through api/call from src/web/lib/api-client.ts; take answer types from the routes (OkBody).',
            },
          ],
        },
      ],
    },
  },
  {
    // The typed client takes the routes' type; the server-rendering entry takes the types of its
    // contract with the server that loads it.
    files: ['src/web/lib/api-client.ts', 'src/web/entry-server.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@/server/**', '!@/server/app', '!../server/infra/http/page-render-contract'],
              allowTypeImports: true,
              message: 'Only the type of the routes (AppType) or of the page-render contract.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: [ROUTER_LINKS] }] } },
  ...WEB_BOUNDARIES,
);
