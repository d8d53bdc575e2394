// @ts-check
// One webpack configuration for the shell and every remote: ts-loader, CSS, assets, Module Federation.
import path from 'node:path';
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { REMOTES } from '@metrology/shared/release';
import { sharedSingletons } from './shared-deps.mjs';

const require = createRequire(import.meta.url);

/**
 * @typedef {object} BundleOptions
 * @property {string} dir the package folder
 * @property {string} name federation name (an identifier)
 * @property {Record<string, string>} [exposes] remotes: one module per page
 * @property {number} port dev server port
 * @property {string} title the HTML page title
 * @property {'production' | 'development'} mode
 * @property {boolean} [isHost]
 * @property {ReturnType<typeof sharedSingletons>} [shared] the shared singletons (default: the shop's, from shared-deps)
 */

/** The run-time config the shell's dev server hands out: local API, remotes on their dev ports. */
export function devRuntimeConfig() {
  const apiPort = process.env.API_PORT ?? '4000';
  return {
    apiBaseUrl: `http://localhost:${apiPort}`,
    geoUrl: process.env.GEO_URL ?? '',
    registryUrl: '/remotes/registry.json',
    deliveryFee: Number(process.env.DELIVERY_FEE ?? 10),
    remoteEntries: Object.fromEntries(
      REMOTES.map(({ name, devPort }) => [name, `http://localhost:${devPort}/mf-manifest.json`]),
    ),
  };
}

/** @param {BundleOptions} options @returns {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }} */
export function makeConfig({
  dir,
  name,
  exposes,
  port,
  title,
  mode,
  isHost = false,
  shared = sharedSingletons(),
}) {
  const production = mode === 'production';
  const pkg = require(path.join(dir, 'package.json'));
  return {
    mode,
    context: dir,
    entry: './src/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // Remotes are served from a versioned folder they cannot know at build time.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // Types are checked once by `npm run typecheck`; the bundle build only transpiles.
            options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') },
          },
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        { test: /\.(svg|png|jpe?g|webp|gif)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        ...(exposes ? { exposes } : {}),
        shared,
        shareStrategy: 'loaded-first',
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        dts: false,
      }),
      new HtmlWebpackPlugin({
        // Every remote's standalone page is the same; the shell has its own.
        template: isHost
          ? path.join(dir, 'public/index.html')
          : path.join(import.meta.dirname, 'remote-index.html'),
        title,
        ...(isHost ? { favicon: path.join(dir, 'public/favicon.svg') } : {}),
        meta: { 'mfe-version': `${pkg.name}@${pkg.version}` },
      }),
    ],
    performance: { hints: false },
    optimization: production ? { moduleIds: 'deterministic' } : {},
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: isHost ? [{ directory: path.join(dir, 'public'), publicPath: '/', watch: false }] : [],
      // In development the shell reads the remotes straight from their dev servers instead of the registry.
      setupMiddlewares: (middlewares, devServer) => {
        if (isHost) {
          devServer.app?.get('/config.json', (_request, response) => {
            response.json(devRuntimeConfig());
          });
        }
        return middlewares;
      },
    },
    stats: production ? 'errors-warnings' : 'minimal',
  };
}
