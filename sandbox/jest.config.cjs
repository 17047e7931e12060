// @ts-check
/** Sandbox tests run in node (the SDK test file opts into jsdom with a docblock); swc strips the types. */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
    }],
  },
  // light-my-request (app.inject) depends on an ESM-only `cookie`; jest's CommonJS loader needs it compiled.
  transformIgnorePatterns: ['^(?!.*/node_modules/light-my-request/node_modules/).*/node_modules/'],
  testTimeout: 20000,
};
