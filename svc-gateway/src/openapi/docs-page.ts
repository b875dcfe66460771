import { createHash } from 'node:crypto';

/** Swagger UI on this gateway's own document: no top bar (no other URL to load), no online validator badge. */
const START = "SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });";

/** The reference page: swagger-ui-dist's script and styles, served by the gateway from node_modules (nothing from a CDN). */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>TMS API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script>${START}</script>
</body>
</html>
`;

/**
 * The page's Content-Security-Policy, in place of the app's (http/security-headers.ts) on this page only: the same
 * sources, plus the one inline script that starts Swagger UI, allowed by its hash. Swagger UI styles its elements
 * inline ('unsafe-inline' styles, as antd's already need) and draws icons as data: images.
 */
export function docsPagePolicy(secure: boolean): string {
  const start = `'sha256-${createHash('sha256').update(START).digest('base64')}'`;
  return [
    "default-src 'self'",
    `script-src 'self' ${start}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
