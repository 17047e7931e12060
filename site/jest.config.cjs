// @ts-check
/** The site server's unit tests, beside the code, in node; swc strips types. */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.(ts|js|cjs)$': [require.resolve('@swc/jest'), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    }],
  },
  // Node loads these ESM-only dependencies natively; jest's CommonJS loader needs them compiled. @fastify/cookie
  // loads its cookie parser with import(), which jest's loader runs only once compiled to require().
  transformIgnorePatterns: ['^(?!.*/node_modules/((light-my-request|@fastify/static)/node_modules/|@fastify/cookie/)).*/node_modules/'],
};
