// @ts-check
/**
 * The webpack + Module Federation config every module builds with. Each module's own webpack.config.js
 * calls this with its name and exposes, so the shared singletons and output layout are the same everywhere.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { DefinePlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { SubresourceIntegrityPlugin } = require('webpack-subresource-integrity');
const { CssIntegrityPlugin, FilelessChunkIntegrityPlugin } = require('./integrity-plugins.cjs');
const { ModuleContractPlugin } = require('./module-contract-plugin.cjs');
const development = require('./development.cjs');

const root = path.resolve(__dirname, '../..');
const rootPkg = require(path.join(root, 'package.json'));
const sharedPkg = require(path.join(root, 'shared/package.json'));

/**
 * Shared singletons, and nothing else: every extra shared package costs bytes on every page, and a shared
 * package cannot be tree-shaken. The router reaches every module through `@institute/shared/router`.
 */
function sharedSingletons() {
  const react = rootPkg.overrides.react;
  const query = require(path.join(root, 'shell/package.json')).dependencies['@tanstack/react-query'];
  const single = (requiredVersion) => ({ singleton: true, requiredVersion, strictVersion: false });
  return {
    react: single(react),
    'react/': single(react),
    'react-dom': single(react),
    'react-dom/': single(react),
    '@tanstack/react-query': single(`^${query}`),
    '@institute/shared/': { ...single(`^${sharedPkg.version}`), version: sharedPkg.version },
  };
}

/** MF_OUTPUT_PATH builds a release elsewhere than dist (`publish:module --version`); both of a host's builds follow it. */
const outputPath = (dir) => process.env.MF_OUTPUT_PATH || path.join(dir, 'dist');

/**
 * TypeScript and JSX through ts-loader, for the browser build and the prerender build alike. transpileOnly: each
 * file is transpiled on its own (the base config sets isolatedModules), and `npm run typecheck` checks the types, so
 * the build does not type-check twice. ES modules stay ES modules, for webpack to tree-shake.
 */
function scriptRule(dir, production) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      options: {
        transpileOnly: true,
        configFile: path.join(dir, 'tsconfig.json'),
        compilerOptions: {
          noEmit: false,
          target: 'es2020',
          module: 'esnext',
          jsx: production ? 'react-jsx' : 'react-jsxdev',
          sourceMap: true,
        },
        ...(production ? {} : { getCustomTransformers: development.refreshTransformers() }),
      },
    },
  };
}

/**
 * react-router's package exports only its development build (warnings and invariant texts included) to bundlers;
 * a production build takes the production build beside it.
 */
function resolveFor(production) {
  const extensions = ['.tsx', '.ts', '.js', '.mjs'];
  if (!production) return { extensions, alias: development.refreshRuntimeAlias };
  const routerDist = path.join(path.dirname(require.resolve('react-router/package.json', { paths: [root] })), 'dist/production');
  return {
    extensions,
    alias: { 'react-router$': path.join(routerDist, 'index.mjs'), 'react-router/dom$': path.join(routerDist, 'dom-export.mjs') },
  };
}

/** CSS Modules options; class names carry the module that owns them, so no module's styles leak into another's. */
function cssModules(prefix, extra = {}) {
  return {
    auto: /\.module\.css$/,
    getLocalIdent: (context, _ident, local) => {
      const owner = context.resourcePath.includes(`${path.sep}shared${path.sep}src`) ? 'shared' : prefix;
      const hash = require('node:crypto').createHash('md5').update(path.relative(root, context.resourcePath) + local).digest('base64url').slice(0, 5);
      return `${owner}_${local}_${hash}`;
    },
    namedExport: false,
    exportLocalsConvention: 'as-is',
    ...extra,
  };
}

/**
 * @param {{ dir: string, name: string, exposes?: Record<string,string>, host?: boolean, port: number }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createConfig({ dir, name, exposes = {}, host = false, port }) {
  const pkg = require(path.join(dir, 'package.json'));
  const prefix = name.replace(/^mf_/, '');
  // MF_BUILD_VERSION lets a release publish the same source under a new version; it also lands in the manifest.
  const version = process.env.MF_BUILD_VERSION || pkg.version;
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const devPort = development.devPort(port);
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      // Production maps stay in dist for error reports; no sourceMappingURL points at them and publishing leaves them out.
      // Development maps are files too, not eval: the site's CSP allows no eval, in development either.
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      entry: host ? { main: './src/index.ts' } : {},
      output: {
        path: outputPath(dir),
        // The shell lives under its versioned folder, or on its dev server; remotes resolve their chunks from their
        // manifest's URL.
        publicPath: host ? (production ? `/shell/${version}/` : `${development.devOrigin(devPort)}/`) : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        crossOriginLoading: 'anonymous',
        // The server build (dist/ssr) is written by the second compiler of the same run.
        clean: { keep: /^ssr\// },
      },
      resolve: resolveFor(production),
      module: {
        rules: [
          scriptRule(dir, production),
          {
            test: /\.css$/,
            use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules: cssModules(prefix) } }],
          },
          { test: /\.(png|jpe?g|webp|svg|mp4|webm|woff2)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new DefinePlugin({ __MODULE_VERSION__: JSON.stringify(version), __MODULE_NAME__: JSON.stringify(name) }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons(),
          // A shared module first needed after start (react-query arrives with the first page that reads data)
          // takes the copy already provided, instead of fetching every registered remote's entry to compare
          // versions. Versions are kept in step at publish time (docs/deployment.md).
          shareStrategy: 'loaded-first',
          runtimePlugins: host ? [path.join(dir, 'src/federation/runtime-fallback-plugin.ts'), path.join(dir, 'src/federation/integrity-plugin.ts'), path.join(dir, 'src/federation/manifest-handoff-plugin.ts')] : [],
          manifest: true,
          // Browser-only modules: drop the runtime's Node code paths (smaller remoteEntry.js and host runtime).
          // A remote never loads another remote through its own runtime (the shell's loader does, see
          // @institute/shared/federation), so its entry drops the remote-loading and snapshot code.
          experiments: { optimization: host ? { target: 'web' } : { target: 'web', disableRemote: true, disableSnapshot: true } },
          dts: false,
          dev: false,
        }),
        // What this module loads from the others, checked against the live modules at publish (issue 16).
        new ModuleContractPlugin(name),
        ...(host
          ? [new HtmlWebpackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer' })]
          : []),
        ...(production ? [] : [development.refreshPlugin()]),
        // Every chunk and stylesheet a module's runtime loads carries its sha384 (docs/decisions/017); the entry
        // files' hashes are recorded at publish time (remoteEntry.js in remotes.json, main.js in index.html).
        ...(production ? [new SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], hashLoading: 'lazy' }), new CssIntegrityPlugin(), new FilelessChunkIntegrityPlugin()] : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        // The shell starts with every @institute/shared entry and React's small packages: one file instead of a
        // dozen of 0.5-2 KB, each of which cost a round trip on a phone's connection.
        ...(host && production
          ? {
              splitChunks: {
                chunks: 'async',
                cacheGroups: {
                  startup: {
                    name: 'startup',
                    test: /[\\/](shared[\\/]src|node_modules[\\/](react|scheduler|jwt-decode)[\\/])/,
                    chunks: 'async',
                    enforce: true,
                  },
                  // react-dom and react-dom/client are two shared modules, always needed together: one file.
                  reactDom: {
                    name: 'react-dom',
                    test: /[\\/]node_modules[\\/]react-dom[\\/]/,
                    chunks: 'async',
                    enforce: true,
                  },
                },
              },
            }
          : {}),
      },
      performance: { hints: false },
      devServer: development.devServer({ port: devPort, host }),
      stats: 'errors-warnings',
    };
  };
}

/**
 * The Node build of a module's pages: the host's prerenders each route's HTML at publish time, a remote's renders its
 * pages' first HTML in the site server (docs/decisions/018). No federation (remote
 * areas render their placeholders), one file (code-split pages are bundled in), the browser build's class names.
 * @param {{ dir: string, name: string, entry: string }} options
 */
function createPrerenderConfig({ dir, name, entry }) {
  const prefix = name.replace(/^mf_/, '');
  const { optimize } = require('webpack');
  return (_env, argv) => ({
    context: dir,
    name: 'prerender',
    mode: argv.mode === 'development' ? 'development' : 'production',
    target: 'node20',
    devtool: false,
    entry: { prerender: entry },
    output: { path: path.join(outputPath(dir), 'ssr'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: resolveFor(argv.mode !== 'development'),
    module: {
      rules: [
        scriptRule(dir, true),
        { test: /\.css$/, use: [{ loader: 'css-loader', options: { modules: cssModules(prefix, { exportOnlyLocals: true }) } }] },
        { test: /\.(png|jpe?g|webp|svg|mp4|webm|woff2)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new DefinePlugin({ __MODULE_VERSION__: JSON.stringify(process.env.MF_BUILD_VERSION || require(path.join(dir, 'package.json')).version), __MODULE_NAME__: JSON.stringify(name) }),
      new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  });
}

module.exports = createConfig;
module.exports.createPrerenderConfig = createPrerenderConfig;
