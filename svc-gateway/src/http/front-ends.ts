import path from 'node:path';
import express, { type Express, type RequestHandler, type Response } from 'express';
import { REMOTES } from '@tms/contracts';
import type { GatewayConfig } from '../config/gateway-config.js';

/** Files a browser must revalidate every time: they name the hashed bundles of a new deployment. */
const NO_CACHE_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);

/** The builds name every other file by a hash of its content (`[name].[contenthash:8].js`): it never changes. */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.[a-z]+(\.map)?$/;

/**
 * Paths the shell's files never answer: the API, the development issuer, the remotes, and the gateway's own
 * public routes outside /api (they are Nest routes, which come after these middlewares).
 */
const RESERVED = /^\/(api|oidc|remotes)(\/|$)|^\/(healthz|runtime-config\.json)$/;

const setHeaders = (res: Response, filePath: string) => {
  const name = path.basename(filePath);
  if (NO_CACHE_FILES.has(name)) res.setHeader('Cache-Control', 'no-cache');
  else if (CONTENT_HASHED.test(name)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
};

/** Serves only where the path is not reserved, so a shell file can never shadow /api or /oidc. */
const outsideReserved =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    RESERVED.test(req.path) ? next() : handler(req, res, next);

/**
 * The front ends: each remote's build at /remotes/{name}/ (a missing build simply 404s), the shell's build at
 * /, and the shell's index.html for any other GET that is not a file, so client-side routes (unknown ones
 * too: the shell shows its own 404 page) survive a reload.
 */
export function mountFrontEnds(app: Express, config: GatewayConfig) {
  for (const name of REMOTES) {
    app.use(`/remotes/${name}`, express.static(config.remoteDists[name], { index: false, setHeaders }));
  }
  app.use(outsideReserved(express.static(config.shellDist, { index: 'index.html', setHeaders })));

  const indexHtml = path.join(config.shellDist, 'index.html');
  app.use(
    outsideReserved((req, res, next) => {
      const isFile = path.posix.basename(req.path).includes('.');
      if ((req.method !== 'GET' && req.method !== 'HEAD') || isFile) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml, { cacheControl: false }, (error?: Error & { code?: string }) => {
        if (!error) return;
        if (error.code === 'ENOENT' && !res.headersSent) {
          res.removeHeader('Cache-Control');
          res.status(404).json({ message: 'The shell is not built: run npm run build.' });
        } else {
          next(error);
        }
      });
    }),
  );
}
