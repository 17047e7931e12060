// @ts-check
/**
 * What a module's development build adds to the shared config (`npm run dev`, decision 038): webpack serve with hot
 * module replacement and React Fast Refresh. Production builds take none of it.
 */
const path = require('node:path');

/** The dev server's port: `npm run dev` hands each module one (MF_DEV_PORT); alone, the module's own default. */
function devPort(defaultPort) {
  const raw = process.env.MF_DEV_PORT;
  if (raw === undefined || raw === '') return defaultPort;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`MF_DEV_PORT must be a port number (got "${raw}")`);
  return port;
}

/** The origin a browser reaches a module's dev server at: chunks, hot updates and the hot-reload socket come from it. */
const devOrigin = (port) => `http://127.0.0.1:${port}`;

/**
 * Fast Refresh keeps a component's state only when one refresh runtime sees every module's components, and the page
 * has one React. Each module bundles its own copy of the runtime, so all but the first to run use the first one's
 * (tools/webpack/shared-refresh-runtime.cjs, aliased in).
 */
const refreshRuntimeAlias = { 'react-refresh/runtime$': path.join(__dirname, 'shared-refresh-runtime.cjs') };

/** ts-loader's transformers: the Fast Refresh registration of each component, in development only. */
function refreshTransformers() {
  const createReactRefreshTransformer = require('react-refresh-typescript').default;
  return () => ({ before: [createReactRefreshTransformer()] });
}

function refreshPlugin() {
  const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
  // Our components only: the refresh runtime's own files must not be wrapped by it (the shim above would then load
  // itself half-initialised). webpack-dev-server's overlay shows build errors; one overlay is enough.
  return new ReactRefreshPlugin({ include: /\.tsx?$/, exclude: /node_modules/, overlay: false });
}

/**
 * webpack serve's options. Scripts, styles and hot updates are fetched by pages on the site's origin, so they carry
 * CORS headers, and the hot-reload socket is named by its full address (by default the client would look for it on
 * the page's origin, the site server).
 */
function devServer({ port, host }) {
  return {
    port,
    host: '127.0.0.1',
    hot: true,
    liveReload: false,
    allowedHosts: 'all',
    historyApiFallback: false,
    headers: { 'Access-Control-Allow-Origin': '*' },
    static: false,
    client: { webSocketURL: `ws://127.0.0.1:${port}/ws`, overlay: { errors: true, warnings: false, runtimeErrors: false }, logging: 'warn' },
    // The shell's page is the site server's: it fetches index.html from here (decision 038).
    devMiddleware: { writeToDisk: false, ...(host ? { index: 'index.html' } : {}) },
  };
}

module.exports = { devPort, devOrigin, devServer, refreshPlugin, refreshRuntimeAlias, refreshTransformers };
