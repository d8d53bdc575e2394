// @ts-check
// One webpack configuration for the shell and every remote: ts-loader, CSS, assets, Module Federation.
import path from 'node:path';
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
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

/**
 * Where a bundle's browser build goes; its Node build goes to the `server/` folder inside it. `<dir>/dist` (what
 * `npm start` publishes), unless BUILD_OUTPUT_DIR names another folder: the release CLI builds each publish
 * there, so both builds land in one version folder and `dist/` stays untouched (webpack's --output-path would
 * send both builds to the same folder).
 * @param {string} dir the package folder
 */
export function outputDir(dir) {
  const requested = process.env.BUILD_OUTPUT_DIR;
  return requested ? path.resolve(requested) : path.join(dir, 'dist');
}

/** How both builds resolve modules: TypeScript sources imported with .js, as tsc wants them written. */
const resolveOptions = () => ({
  extensions: ['.tsx', '.ts', '.mjs', '.js'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
});

/**
 * Both builds' TypeScript: types are checked once by `npm run typecheck`; the bundle build only transpiles.
 * @param {string} dir the package folder
 */
function typeScriptRule(dir) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') },
    },
  };
}

/**
 * The shell's page-assets.json: the CSS and JS files of the chunks its bootstrap loads, so the server render
 * links the styles in the head (first paint styled) and preloads the scripts (no chain of discoveries).
 */
class PageAssetsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const bootstrap = compilation.chunkGroups.find((group) =>
            group.origins.some((origin) => origin.request === './bootstrap'),
          );
          const files = new Set(bootstrap ? bootstrap.getFiles() : []);
          // The shared singletons the bootstrap consumes (React, the store, @metrology/shared...) come in chunks
          // of their own, fetched once the bootstrap asks (and those consume others): preloaded too, so the
          // browser's chain is one step deep. A singleton is served by the shell's own provider (loaded-first), so
          // its chunks are the provider's: a consume's fallback chunk holds the same module under another chunk id,
          // and preloading it fetched the same code twice.
          /** @type {Map<string, import('webpack').Module>} */
          const providers = new Map();
          for (const module of compilation.modules) {
            const name = /** @type {{ _name?: unknown }} */ (module)._name;
            if (module.type === 'provide-module' && typeof name === 'string') providers.set(name, module);
          }
          const pending = [...(bootstrap?.chunks ?? [])];
          const seen = new Set(pending);
          while (pending.length > 0) {
            const chunk = pending.pop();
            if (!chunk) break;
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== 'consume-shared-module') continue;
              const shareKey = /** @type {{ options?: { shareKey?: string } }} */ (module).options?.shareKey;
              const source = (shareKey && providers.get(shareKey)) || module;
              for (const block of source.blocks) {
                for (const next of compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) {
                  if (seen.has(next)) continue;
                  seen.add(next);
                  pending.push(next);
                  for (const file of next.files) files.add(file);
                }
              }
            }
          }
          const assets = {
            css: [...files].filter((file) => file.endsWith('.css')),
            js: [...files].filter((file) => file.endsWith('.js')),
          };
          compilation.emitAsset('page-assets.json', new sources.RawSource(JSON.stringify(assets)));
        },
      );
    });
  }
}

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
      path: outputDir(dir),
      // Remotes are served from a versioned folder they cannot know at build time.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      // BUILD_HASH_SALT: the same code under other hashed file names (the browser test of a shell deploy needs a
      // build whose chunks a page opened before it cannot find under the same names).
      ...(process.env.BUILD_HASH_SALT ? { hashSalt: process.env.BUILD_HASH_SALT } : {}),
      // server/ is the Node build's (makeServerConfig), built beside this one.
      clean: { keep: /^server[\\/]/ },
    },
    resolve: resolveOptions(),
    module: {
      rules: [
        typeScriptRule(dir),
        // Production: hashed .css files linked in the page's head (the server render links the route's), so the
        // first paint is styled. Development: injected by JavaScript, for fast rebuilds.
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(svg|png|jpe?g|webp|gif)$/, type: 'asset/resource' },
        // A data file imported as its text (the password list of @metrology/shared/password).
        { test: /\.txt$/, type: 'asset/source' },
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
        // One federation runtime per page: the shell provides its copy, and a remote's production entry uses
        // it instead of carrying its own (~20 KiB gzipped each). A team's dev server keeps a runtime of its own.
        ...(production && isHost
          ? { runtimePlugins: [path.join(import.meta.dirname, 'provide-runtime-plugin.mjs')] }
          : {}),
        ...(production && !isHost ? { experiments: { externalRuntime: true } } : {}),
      }),
      ...(production && isHost ? [new PageAssetsPlugin()] : []),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: '[name].[contenthash:10].css',
              chunkFilename: '[name].[contenthash:10].css',
            }),
          ]
        : []),
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
    // '...' keeps webpack's own JavaScript minimizer; the extracted .css files are minified too (cssnano's default
    // preset: whitespace, comments, shorter values), since they are on every page's critical path.
    optimization: production
      ? { moduleIds: 'deterministic', minimizer: ['...', new CssMinimizerPlugin()] }
      : {},
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

/**
 * The Node build of a bundle (server/ in outputDir), for the site server's render (docs/rendering.md "How a
 * page is rendered").
 * - A remote builds a federation container (remoteEntry.js, `commonjs-module`) exposing the same pages as its
 *   browser build; it is published in the same version folder, so the registry pointer moves both at once.
 * - The shell builds render.js: the page renderer the site server loads. It is the host: it provides the shared
 *   singletons to every remote container it loads, as the browser shell does.
 * Styles are the browser build's (linked in the page's head); asset URLs are the browser's, not emitted twice.
 * @param {BundleOptions} options
 * @returns {import('webpack').Configuration}
 */
export function makeServerConfig({ dir, name, exposes, mode, isHost = false, shared = sharedSingletons() }) {
  /** Each exposed page first points its asset URLs at the version folder the browser loads them from. */
  const serverExposes = exposes
    ? Object.fromEntries(
        Object.entries(exposes).map(([key, file]) => [
          key,
          { import: [path.join(import.meta.dirname, 'server-public-path.cjs'), file] },
        ]),
      )
    : undefined;
  return {
    mode,
    name: 'server',
    context: dir,
    target: 'async-node',
    entry: isHost ? { render: './src/server/index.ts' } : {},
    devtool: 'source-map',
    // __dirname is the file's own folder (the version folder the container was published to).
    node: { __dirname: false, __filename: false },
    output: {
      path: path.join(outputDir(dir), 'server'),
      publicPath: isHost ? '/' : '',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: `${name}_server`,
      ...(isHost ? { library: { type: 'commonjs2' } } : {}),
      clean: true,
    },
    resolve: resolveOptions(),
    module: {
      rules: [
        typeScriptRule(dir),
        // The browser build's .css files are linked in the page; the server needs none of it.
        { test: /\.css$/, use: path.join(import.meta.dirname, 'empty-module-loader.cjs') },
        { test: /\.txt$/, type: 'asset/source' },
        {
          test: /\.(svg|png|jpe?g|webp|gif)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        ...(serverExposes ? { exposes: serverExposes } : {}),
        shared,
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
      }),
    ],
    performance: { hints: false },
    optimization: { minimize: false, moduleIds: 'deterministic' },
    stats: 'errors-warnings',
  };
}

/**
 * What a bundle's webpack.config.mjs exports: production builds the browser and the Node build; development
 * (a team's dev server) only the browser one, client-rendered.
 * @param {BundleOptions} options
 */
export function makeConfigs(options) {
  const browser = makeConfig(options);
  return options.mode === 'production' ? [browser, makeServerConfig(options)] : browser;
}
