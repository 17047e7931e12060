// `npm run lint`: the import rules the bundlers and the compiler do not enforce (issue 16).
// - A feature does not import another feature (bulletproof-react's zones): what two features share lives in the
//   module's components/, lib/ or hooks/, or in @institute/shared.
// - A package is used only through its public entry: no relative path into another package, no deep import of a
//   package's src/. Front-end modules never import each other at all (federation loads them).
// - Routing comes from @institute/shared/router (react-router-dom behind one facade, decision 025), the sanitizer from
//   @institute/shared/safe-html.
// - Browser code takes the API's schemas as types only (`import type`): TypeBox and the schemas stay out of bundles.
// - Browser code calls the API one way (decision 054): the typed resource objects of @institute/shared/api. `request`
//   and `download` are imported only inside shared/src/api, and `fetch` is called only there and in the files that
//   fetch static files or other hosts (FETCH_ELSEWHERE).
// - typescript-eslint's recommended rules and React's rules of hooks (eslint-plugin-react-hooks, recommended) over
//   every package (issue 26).
// - The JavaScript of scripts/, tools/ and faults/ (Node; type-checked through JSDoc by scripts/tsconfig.json):
//   ESLint's recommended rules and the import rules (decision 047). No import cycles anywhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tsPlugin from '@typescript-eslint/eslint-plugin';
import tsParser from '@typescript-eslint/parser';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/** The front-end modules, from the one list (shared/modules.json). */
const FRONT_END = JSON.parse(readFileSync(new URL('./shared/modules.json', import.meta.url), 'utf8')).modules.map((m) => m.dir);
const PACKAGES = ['shared', ...FRONT_END, 'api', 'site', 'sandbox', 'e2e'];

/** One zone per feature: its files may import nothing from the other features of the same module. */
function featureZones(pkg) {
  const features = path.join(pkg, 'src', 'features');
  if (!existsSync(features)) return [];
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${pkg}/src/features/${name}`,
      from: `./${pkg}/src/features`,
      except: [`./${name}`],
      message: 'a feature does not import another feature: move what both use to components/, lib/ or @institute/shared',
    }));
}

const sourceFiles = PACKAGES.map((pkg) => `${pkg}/**/*.{ts,tsx}`);
const nodeScripts = ['scripts', 'tools', 'faults'].map((dir) => `${dir}/**/*.{js,cjs,mjs}`);
/** What runs in the browser: the front ends and shared, less shared's schemas themselves and its Node-only parts. */
const browserFiles = ['shared', ...FRONT_END].map((pkg) => `${pkg}/src/**/*.{ts,tsx}`);
const notBrowserFiles = ['shared/src/schemas/**', 'shared/src/node/**'];

/** The browser files that call `fetch` for something other than the API, each with its reason. */
const FETCH_ELSEWHERE = {
  'shared/src/config/index.ts': 'config.json, the site\'s own file read before any API call',
  'shell/src/federation/registry.ts': 'remotes.json, the site\'s list of remote entries',
  'shell/src/features/versions/module-versions.ts': 'remotes.json and the remote entries, to read their versions',
  'shell/src/app/prefetch/fetch-remote-files.ts': 'remote entries and chunks fetched ahead of a click',
  'shell/src/app/prefetch/page-html.ts': 'the site\'s own HTML of the page a press leads to',
  'shell/src/features/field-data/send-beacon.ts': 'field-data beacons, sent with keepalive as the page goes away',
  'mf-admin/src/features/modules/api/module-health.ts': 'rollout-status.json, the site server\'s file',
  'mf-admin/src/lib/upload-image.ts': 'the image host (Cloudinary\'s wire protocol), not the API',
};
const ONE_CLIENT = 'call the API through a typed function of @institute/shared/api (decision 054)';

const TYPES_ONLY = 'the browser takes the API schemas as types only: `import type` (issue 16, decision 023)';

function restrictedImports({ typesOnlySchemas = false } = {}) {
  return {
    paths: [
      { name: 'react-router', message: 'routing comes from @institute/shared/router (decision 025)' },
      { name: 'react-router-dom', message: 'routing comes from @institute/shared/router (decision 025)' },
      { name: 'dompurify', message: 'sanitize through @institute/shared/safe-html' },
      ...(typesOnlySchemas
        ? [{ name: '@sinclair/typebox', message: TYPES_ONLY, allowTypeImports: true }]
        : []),
    ],
    patterns: [
      { group: ['@institute/*/src', '@institute/*/src/*'], message: 'use the package through its public entry (its package.json exports)' },
      // `@institute/shared/schemas`, and `../schemas` inside shared.
      ...(typesOnlySchemas ? [{ group: ['**/schemas', '**/schemas/*'], message: TYPES_ONLY, allowTypeImports: true }] : []),
      // A second router bundled in a module would have no context from the shell's (decision 025).
      { group: ['react-router/*', 'react-router-dom/*'], message: 'routing comes from @institute/shared/router (decision 025)' },
    ],
  };
}

export default [
  // TypeScript sources and the Node scripts: builds, published folders and reports are not ours to lint.
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/*.d.ts', '.deploy*/**', 'deploy/**', 'e2e/playwright-report/**', 'e2e/test-results/**'],
  },
  // Other JavaScript (package configs, bundles) is not linted.
  { ignores: ['**/*.{js,cjs,mjs}', '!scripts/**', '!tools/**', '!faults/**'] },
  {
    files: nodeScripts,
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      ...js.configs.recommended.rules,
      'import-x/no-relative-packages': 'error',
      'import-x/no-cycle': 'error',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  { files: ['tools/jest/**'], languageOptions: { globals: { ...globals.node, ...globals.jest } } },
  ...tsPlugin.configs['flat/recommended'].map((config) => ({ ...config, files: sourceFiles })),
  { ...reactHooks.configs.flat.recommended, files: sourceFiles },
  {
    files: sourceFiles,
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX, '@typescript-eslint': tsPlugin },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: PACKAGES.map((pkg) => `${pkg}/tsconfig.json`), noWarnOnMultipleProjects: true })],
      // Without them import-x does not parse an imported .ts file, and no-cycle sees no cycle through it.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: FRONT_END.flatMap(featureZones) }],
      'import-x/no-relative-packages': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-restricted-imports': ['error', restrictedImports()],
      // A leading underscore names what is left out on purpose (`const { price: _price, ...rest }`, an unused argument).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: browserFiles,
    ignores: notBrowserFiles,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', restrictedImports({ typesOnlySchemas: true })] },
  },
  {
    // Only the API client's own files (its resource objects) take the raw client.
    files: browserFiles,
    ignores: [...notBrowserFiles, 'shared/src/api/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[source.value='@institute/shared/api'] > ImportSpecifier[imported.name=/^(request|download)$/]",
        message: ONE_CLIENT,
      }],
    },
  },
  {
    // Tests stand in for the network by replacing fetch.
    files: browserFiles,
    ignores: [...notBrowserFiles, 'shared/src/api/**', 'shared/src/testing/**', '**/testing/**', '**/*.test.{ts,tsx}', ...Object.keys(FETCH_ELSEWHERE)],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: ONE_CLIENT }],
      'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: ONE_CLIENT }))],
    },
  },
  {
    // The one place the sanitizer is wrapped, and the one place the router is.
    files: ['shared/src/safe-html/**', 'shared/src/router/**'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
];
