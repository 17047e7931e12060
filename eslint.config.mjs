// `npm run lint`: the import rules the bundlers and the compiler do not enforce (issue 16).
// - A feature does not import another feature (bulletproof-react's zones): what two features share lives in the
//   module's components/, lib/ or hooks/, or in @institute/shared.
// - A package is used only through its public entry: no relative path into another package, no deep import of a
//   package's src/. Front-end modules never import each other at all (federation loads them).
// - Routing comes from @institute/shared/router (decision 022), the sanitizer from @institute/shared/safe-html.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const FRONT_END = ['shell', 'mf-catalog', 'mf-checkout', 'mf-content', 'mf-admin'];
const PACKAGES = ['shared', ...FRONT_END, 'api', 'sandbox', 'e2e'];

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

export default [
  // TypeScript sources only: builds, published folders and reports are not ours to lint.
  { ignores: ['**/node_modules/**', '**/dist/**', '**/*.d.ts', '**/*.{js,cjs,mjs}', '.deploy*/**', 'deploy/**', 'e2e/playwright-report/**', 'e2e/test-results/**'] },
  {
    files: sourceFiles,
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: PACKAGES.map((pkg) => `${pkg}/tsconfig.json`), noWarnOnMultipleProjects: true })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: FRONT_END.flatMap(featureZones) }],
      'import-x/no-relative-packages': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: 'routing comes from @institute/shared/router (decision 022)' },
            { name: 'react-router-dom', message: 'routing comes from @institute/shared/router (decision 022)' },
            { name: 'dompurify', message: 'sanitize through @institute/shared/safe-html' },
          ],
          patterns: [{ group: ['@institute/*/src', '@institute/*/src/*'], message: 'use the package through its public entry (its package.json exports)' }],
        },
      ],
    },
  },
  {
    // The one place the sanitizer is wrapped.
    files: ['shared/src/safe-html/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
];
