import type { IncomingMessage } from 'node:http';
import { RECORD_ID_PATTERN } from '@tms/contracts';
import type { RequestHandler } from 'express';
import type { ApiRoute } from '../openapi/api-routes.js';
import { sendAnswer } from './http-errors.js';

/** A path of the route table and the methods it is served with. */
interface ServedPath {
  matches: RegExp;
  methods: Set<string>;
}

const RECORD_ID_SEGMENT = RECORD_ID_PATTERN.slice(1, -1);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/loads/{id}` as a pattern of request paths: `{id}` a record id (anything else is no record: 404), another parameter any segment. */
const pathPattern = (path: string) =>
  new RegExp(`^${path.split(/(\{\w+\})/).map((part) => (part === '{id}' ? RECORD_ID_SEGMENT : /^\{\w+\}$/.test(part) ? '[^/]+' : escaped(part))).join('')}$`);

/** The methods a request's path is served with, by every path of `routes` it matches; none for a path not served. */
export function allowedMethods(routes: readonly Pick<ApiRoute, 'method' | 'path'>[]): (path: string) => string[] {
  const paths = new Map<string, ServedPath>();
  for (const { method, path } of routes) {
    const served = paths.get(path) ?? { matches: pathPattern(path), methods: new Set<string>() };
    served.methods.add(method.toUpperCase());
    // Express answers HEAD wherever it answers GET.
    if (method === 'get') served.methods.add('HEAD');
    paths.set(path, served);
  }
  const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return (path) => {
    const methods = new Set<string>();
    for (const served of paths.values()) if (served.matches.test(path)) for (const method of served.methods) methods.add(method);
    return ORDER.filter((method) => methods.has(method));
  };
}

/**
 * A request to a path the gateway serves, with a method it does not serve there, is answered 405 with `Allow` (the
 * methods it does serve, from the route table the API document is made of), before any body is read; a path it does
 * not serve goes on to its 404.
 */
export function methodNotAllowed(routes: readonly Pick<ApiRoute, 'method' | 'path'>[]): RequestHandler {
  const allowed = allowedMethods(routes);
  return (req, res, next) => {
    const methods = allowed(pathOf(req));
    if (!methods.length || methods.includes(req.method)) return next();
    req.resume();
    res.setHeader('Allow', methods.join(', '));
    sendAnswer(res, { status: 405, body: { message: 'Method not allowed' } });
  };
}

const pathOf = (req: IncomingMessage & { originalUrl?: string }) => (req.originalUrl ?? req.url ?? '').split('?')[0];
