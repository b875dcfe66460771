/**
 * The one webpack configuration every front end is built with: the shell (Module Federation host) and each
 * remote. It declares the shared singletons by hand, at the versions each front end declares (the root
 * package.json's "pinned" ones: scripts/check-deps.mjs), so the shell and every remote run one React, one router,
 * one QueryClient cache and one antd theme.
 *
 * A shared module is bundled whole, whatever its consumers import. So @ant-design/icons is not shared (shared, it
 * bundled all of its icons): each front end bundles the few icons it imports, and every copy draws them alike as
 * long as no front end changes antd's icon prefix.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const require = createRequire(import.meta.url);

export const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'antd',
  '@ant-design/cssinjs',
  'dayjs',
];

/**
 * Shared but not consumed by the host: the shell provides all of antd to the remotes, while its own
 * `import { Button } from 'antd'` is tree-shaken to that component's files. A shared module is bundled and loaded
 * whole, and the signed-in shell draws only a few components: the rest of antd loads with the first remote. The
 * component files are the very modules the provided antd is made of, so the shell and every remote still share one
 * ConfigProvider, one theme, one toast region and one style cache.
 */
const PROVIDED_ONLY_BY_HOST = new Set(['antd']);

/** The shared singletons at the versions the front end in `dir` declares; `host` for the shell. */
export function sharedSingletons(dir, { host = false } = {}) {
  const { dependencies = {} } = require(path.join(dir, 'package.json'));
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = dependencies[name];
      if (!version) throw new Error(`${name} must be among the dependencies of ${path.join(dir, 'package.json')}`);
      const shared = { singleton: true, requiredVersion: version, version };
      // A key no import names, so the host's imports resolve to plain modules; `shareKey` is what remotes ask for.
      if (host && PROVIDED_ONLY_BY_HOST.has(name)) return [`${name} (provided to the remotes)`, { ...shared, import: name, shareKey: name }];
      return [name, shared];
    }),
  );
}

/** The gateway everyone signs in through; standalone dev servers proxy /api to it. */
const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://localhost:3000';

/**
 * @param {object} options
 * @param {string} options.name        federation name: 'shell', 'fleet', 'dispatch', ...
 * @param {string} options.dir         the front end's folder (import.meta.dirname of its webpack.config.js)
 * @param {number} options.devPort     port of its standalone dev server
 * @param {Record<string,string>} [options.exposes]  a remote's exposed modules
 * @param {string} [options.title]     the page title
 */
export function createFrontendConfig({ name, dir, devPort, exposes, title = 'TMS' }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // A remote's chunks load from wherever its manifest was served; the shell's from the site root.
        publicPath: exposes ? 'auto' : '/',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // Sources import siblings as './x.js' (NodeNext style, as the services do); find the .ts/.tsx behind them.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          // @tms/ui runs nothing on import: a front end bundles only the parts of it that it uses.
          { test: /packages[\\/]ui[\\/]src[\\/]/, sideEffects: false },
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            // The loader follows each file's extension: generics like `<T>(x: T) =>` in a .ts file are not JSX.
            options: { target: 'es2020', jsx: 'automatic' },
          },
        ],
      },
      optimization: production ? { minimizer: [new EsbuildPlugin({ target: 'es2020' })] } : {},
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          // The container is assigned to window.{name}: the default `var {name}` does not survive the minifier, which
          // wraps each file in an IIFE, and then no host can find the remote.
          library: { type: 'window', name },
          exposes: exposes ?? {},
          shared: sharedSingletons(dir, { host: !exposes }),
          // An offline remote must not hold up the shell while shared modules are negotiated.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
        // The favicon is copied to the build's root (/favicon.ico, where browsers also look for it) and linked from the page.
        new HtmlWebpackPlugin({ title, template: path.join(import.meta.dirname, 'index.html'), favicon: path.join(import.meta.dirname, 'favicon.ico') }),
      ],
      devServer: {
        port: devPort,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // /remotes too: the gateway's runtime-config.json points the shell at /remotes/{name}/mf-manifest.json.
        proxy: [{ context: ['/api', '/oidc', '/runtime-config.json', '/remotes'], target: GATEWAY_URL, changeOrigin: false }],
      },
    };
  };
}
