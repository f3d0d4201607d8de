const path = require('node:path');
const { parse } = require('cookie');
const { require: requireTs } = require('tsx/cjs/api');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { optimize } = require('webpack');

// The names the SPA and the server share (TypeScript, loaded through tsx).
const { graphqlPath, xsrfCookieName } = requireTs('./src/contract/protocol.ts', __filename);
const { applicantApiPath } = requireTs('./src/contract/applicantPaths.ts', __filename);
const { defaultLanguage } = requireTs('./src/contract/languages.ts', __filename);
const { translationsUrl } = requireTs('./src/features/language/i18n.ts', __filename);

/** public/index.html with the configuration from this environment, as the server serves it. */
function developmentPage() {
  const { readConfig, appConfigOf } = requireTs('./server/config.ts', __filename);
  const { withAppConfig } = requireTs('./server/plugins/spa.ts', __filename);
  const html = fs.readFileSync(path.join(__dirname, 'public/index.html'), 'utf8');
  return withAppConfig(html, appConfigOf(readConfig(process.env)));
}

// SWC strips the types (checking them is `npm run lint`'s job) for tsconfig.json's target, with
// React's automatic JSX runtime (its `react-jsx`), and leaves the ES modules for webpack to
// tree-shake.
const typescriptRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  loader: 'swc-loader',
  options: {
    jsc: {
      target: require('./tsconfig.json').compilerOptions.target,
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
  },
};

const resolve = {
  extensions: ['.tsx', '.ts', '.js'],
  // nodenext wants `.js` on dynamic imports; they name the .ts(x) source here.
  extensionAlias: { '.js': ['.tsx', '.ts', '.js'] },
};

/**
 * The applicant's page's head as its first view needs it. Its first script is async, not
 * deferred: a deferred script waits for the page to be parsed, its stylesheet to arrive and the
 * first paint, and this one sends the link's first requests (src/applicantOpening.ts). And the
 * texts its script fetches as soon as it runs are preloaded (as it fetches them: `as="fetch"`,
 * anonymous), so that they come beside the script rather than after it.
 */
class ApplicantPageHeadPlugin {
  constructor({ page, firstChunk, fetched }) {
    this.page = page;
    this.firstChunk = firstChunk;
    this.fetched = fetched;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('ApplicantPageHeadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'ApplicantPageHeadPlugin',
        (data) => {
          if (data.outputName !== this.page) return data;
          for (const tag of data.headTags) {
            const file = tag.tagName === 'script' && path.basename(tag.attributes.src);
            if (file && file.startsWith(`${this.firstChunk}.`)) {
              tag.attributes.defer = false;
              tag.attributes.async = true;
            }
          }
          const preload = (href) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              href,
              as: 'fetch',
              crossorigin: 'anonymous',
            });
          data.headTags.push(...this.fetched.map(preload));
          return data;
        },
      );
    });
  }
}

/** Where the server's start-page renderer is built, inside the SPA's build (it is not served). */
const prerenderDirectory = 'prerender';

/**
 * The start page's renderer for the server (src/prerender/startPage.tsx): one CommonJS file for
 * Node, built with the bundle so that its markup matches that bundle's. Packages stay in
 * node_modules, where the server finds the same versions (minifying them cost a first start half
 * a minute); only their styles are bundled, as text.
 */
const prerenderConfig = {
  name: 'prerender',
  target: 'node',
  entry: './src/prerender/startPage.tsx',
  output: {
    path: path.resolve(__dirname, 'dist', prerenderDirectory),
    filename: 'startPage.cjs',
    library: { type: 'commonjs2' },
    clean: true,
    compareBeforeEmit: false,
  },
  devtool: false,
  resolve,
  externals: ({ request }, callback) =>
    /^[@a-z]/.test(request) && !/\.s?css$/.test(request)
      ? callback(null, `commonjs ${request}`)
      : callback(),
  // Styles do nothing on the server: the code that imports them is never run there.
  module: { rules: [typescriptRule, { test: /\.s?css$/, type: 'asset/source' }] },
  plugins: [new optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  performance: { hints: false },
};

module.exports = (env, argv) => {
  const production = argv.mode === 'production';
  // `--env noSourceMaps`: npm start's build, which serves the same bytes and builds a tenth faster.
  const sourceMaps = !env.noSourceMaps;
  const spaConfig = {
    name: 'spa',
    // The staff console is a page of its own (staff.html, served under /staff when it is on), and
    // so is the applicant's own link (my.html, under /my): the start page's script carries neither.
    // The applicant's page runs a small script first, which sends the link's first requests while
    // the rest (which depends on it: one runtime, one copy of each module) is still coming.
    entry: {
      main: './src/index.tsx',
      'staff-console': './src/console.tsx',
      'applicant-opening': './src/applicantOpening.ts',
      applicant: { import: './src/applicant.tsx', dependOn: 'applicant-opening' },
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      publicPath: '/',
      clean: { keep: (file) => file.startsWith(prerenderDirectory) },
      // Rewrite unchanged files too, so that their times tell `npm start` the build is current.
      compareBeforeEmit: false,
    },
    // Production maps are written beside the bundle but not referenced from it (nor served).
    devtool: production ? sourceMaps && 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve,
    module: {
      rules: [
        typescriptRule,
        {
          test: /\.s?css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            'css-loader',
            {
              loader: 'sass-loader',
              options: {
                sassOptions: {
                  quietDeps: true,
                  silenceDeprecations: [
                    'import',
                    'global-builtin',
                    'color-functions',
                    'if-function',
                  ],
                },
              },
            },
          ],
        },
      ],
    },
    plugins: [
      ...[
        { filename: 'index.html', chunks: ['main'] },
        { filename: 'staff.html', chunks: ['staff-console'] },
        { filename: 'my.html', chunks: ['applicant-opening', 'applicant'] },
      ].map(
        (page) =>
          new HtmlWebpackPlugin({
            ...page,
            favicon: 'public/favicon.svg',
            // The real server writes the run-time configuration into the page; so does development.
            ...(production
              ? { template: 'public/index.html' }
              : { templateContent: developmentPage() }),
          }),
      ),
      new ApplicantPageHeadPlugin({
        page: 'my.html',
        firstChunk: 'applicant-opening',
        // Its texts in Swedish, the fallback of every language (the form's are preloaded by the
        // template, public/index.html).
        fetched: [translationsUrl(defaultLanguage, 'applicant')],
      }),
      new CopyWebpackPlugin({ patterns: [{ from: 'public/assets', to: 'assets' }] }),
      ...(production
        ? [
            new MiniCssExtractPlugin({ filename: 'css/[name].[contenthash:8].css' }),
            // Pre-compressed siblings that the server sends as they are: no work per request.
            ...['gzip', 'brotliCompress'].map(
              (algorithm) =>
                new CompressionPlugin({
                  algorithm,
                  filename: `[path][base].${algorithm === 'gzip' ? 'gz' : 'br'}`,
                  test: /\.(js|css|html|svg|json)$/,
                  threshold: 1024,
                }),
            ),
          ]
        : []),
    ],
    optimization: {
      splitChunks: {
        cacheGroups: {
          // react-dom, a third of the start page's script, is a script of its own: the browser
          // compiles each script in a task of its own, so neither blocks the main thread as long.
          // Its name starts with main, as the size budget (.size-limit.json) counts main*.js.
          startPage: {
            chunks: 'initial',
            name: 'main-react-dom',
            test: /node_modules[\\/](react-dom|scheduler)[\\/]/,
          },
        },
      },
      // SWC and Lightning CSS: a first start's build spent half its time in terser and cssnano, for
      // output no smaller.
      minimizer: [
        new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify }),
        new MinimizerPlugin({ test: /\.css$/, minify: MinimizerPlugin.lightningCssMinify }),
      ],
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT) || 8080,
      historyApiFallback: {
        rewrites: [
          { from: /^\/staff/, to: '/staff.html' },
          { from: /^\/my(\/|$)/, to: '/my.html' },
        ],
      },
      hot: true,
      // The real server sets XSRF-TOKEN on its HTML; in development this server hands out the
      // page, with a token from the server's own code (loaded through tsx, as `npm run dev` runs).
      setupMiddlewares: (middlewares) => {
        const { readConfig } = requireTs('./server/config.ts', __filename);
        const { createXsrfTokens } = requireTs('./server/xsrfToken.ts', __filename);
        const { loadXsrfSecret } = requireTs('./server/xsrfSecret.ts', __filename);
        // The same secret as the API server beside it (`npm run dev` gives both one environment).
        const { dataDir, xsrfSecret } = readConfig(process.env);
        const { tokenFor } = createXsrfTokens(loadXsrfSecret(dataDir, xsrfSecret));
        return [
          (request, response, next) => {
            const current = parse(request.headers.cookie ?? '')[xsrfCookieName];
            const token = tokenFor(current);
            if (token !== current) {
              response.setHeader(
                'Set-Cookie',
                `${xsrfCookieName}=${token}; Path=/; SameSite=Strict`,
              );
            }
            next();
          },
          ...middlewares,
        ];
      },
      proxy: [
        {
          // The form's endpoint, the staff console's sign-in and API, and the applicant's API.
          context: [
            graphqlPath,
            '/staff/api',
            '/staff/login',
            '/staff/callback',
            '/staff/logout',
            applicantApiPath,
          ],
          target: `http://localhost:${process.env.API_PORT || 8081}`,
        },
      ],
    },
  };
  // Development serves the SPA alone: the dev server's page is rendered in the browser.
  return production ? [spaConfig, prerenderConfig] : spaConfig;
};
