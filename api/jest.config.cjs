// @ts-check
/** API tests run in node (not jsdom); swc strips types, tests mirror src/ under test/. */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.(ts|js|cjs)$': [require.resolve('@swc/jest'), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    }],
  },
  // Node loads these ESM-only dependencies natively; jest's CommonJS loader needs them compiled. PGlite is
  // compiled too: swc turns its dynamic import('fs') into require(), which jest's vm allows without flags.
  transformIgnorePatterns: ['^(?!.*/node_modules/((sanitize-html|light-my-request|@fastify/static)/node_modules/|@electric-sql/pglite/)).*/node_modules/'],
  // PGlite boots a WASM Postgres per test file (~2-4 s), and buildApp() requires the plugins and routes it autoloads
  // (decision 035), so a test file's beforeAll holds what its imports used to: on a busy machine that passed 30 s.
  testTimeout: 120000,
};
