// @ts-check
const path = require('node:path');

/** One jest setup for every front-end package: swc for TS/TSX, jsdom, CSS modules as identity maps. */
module.exports = function frontendJestConfig(dir) {
  return {
    rootDir: dir,
    testEnvironment: path.join(__dirname, 'jsdom-env.cjs'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
        module: { type: 'commonjs' },
      }],
    },
    transformIgnorePatterns: ['/node_modules/(?!(jwt-decode)/)'],
    moduleNameMapper: {
      '\\.module\\.css$': require.resolve('identity-obj-proxy'),
      '\\.css$': path.join(__dirname, 'style-stub.cjs'),
      '\\.(svg|png|jpe?g|webp|mp4|webm)$': path.join(__dirname, 'file-stub.cjs'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'setup.cjs')],
    // CI's machine is shared by two jest workers and the builds: a passing test never waits for these, a slow one may.
    testTimeout: 20_000,
  };
};
