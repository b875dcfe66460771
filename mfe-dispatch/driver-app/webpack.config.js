/**
 * The driver app (issue 44): a second, separate build of mfe-dispatch, for drivers' phones. No Module Federation and
 * no antd: its first visit is React, react-dom and its own code (bench/first-load.mjs measures it). The service
 * worker (public/sw.js) is written beside it with the list of files it keeps for use without signal.
 */
import { readFileSync, writeFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';

const here = import.meta.dirname;
const output = path.join(here, '..', 'dist-driver');

/** Copies public/ (manifest, icons) and writes sw.js with the build's files and a version named by them. */
class OfflineFiles {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('OfflineFiles', (compilation) => {
      cpSync(path.join(here, 'public'), output, { recursive: true, filter: (file) => !file.endsWith('sw.js') });
      // What the first visit loads: the entry's files. Chunks loaded later (pdf-lib, for Scan Document and Sign POD)
      // are kept by the worker when first fetched, so the first visit stays within its budget.
      const initial = new Set([...compilation.chunks].filter((chunk) => chunk.canBeInitial()).flatMap((chunk) => [...chunk.files]));
      const files = [...initial].filter((name) => !name.endsWith('.map'));
      const precache = ['/', ...files.map((name) => `/${name}`), '/manifest.webmanifest', '/icon-192.png', '/icon-512.png'];
      const worker = readFileSync(path.join(here, 'public', 'sw.js'), 'utf8')
        .replace('__PRECACHE__', JSON.stringify(precache))
        .replace('__VERSION__', JSON.stringify(compilation.hash.slice(0, 12)));
      writeFileSync(path.join(output, 'sw.js'), worker);
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: here,
    entry: { main: './src/index.tsx' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: { path: output, publicPath: '/', filename: production ? '[name].[contenthash:8].js' : '[name].js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
        // The POD's fonts for names beyond WinAnsi (src/pdf.ts): files of the build, named by their content (cached for
        // good, as the scripts are), fetched only when a POD needs them.
        { test: /\.ttf$/, type: 'asset/resource', generator: { filename: 'fonts/[name].[contenthash:8][ext]' } },
      ],
    },
    optimization: production ? { minimizer: [new EsbuildPlugin({ target: 'es2020' })] } : {},
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(here, 'index.html'), title: 'TMS Driver' }),
      new OfflineFiles(),
    ],
  };
};
