import { createRequire } from 'node:module';
import { Controller, Get, HttpException, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { docsPagePolicy, DOCS_PAGE } from './docs-page.js';
import { openApiDocument } from './openapi-document.js';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };

/** The reference page's files, from swagger-ui-dist (pinned): a name here is the only file served. */
const DOCS_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': require.resolve('swagger-ui-dist/swagger-ui-bundle.js'),
  'swagger-ui.css': require.resolve('swagger-ui-dist/swagger-ui.css'),
};

/**
 * The API's description for integrators: GET /api/openapi.json (OpenAPI 3.1, made once from the route table and the
 * contracts) and GET /api/docs, the reference rendered by Swagger UI. Signed in, like every /api route but sign-in
 * and device ingestion.
 */
@Controller('api')
export class OpenApiController {
  private document?: string;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get('openapi.json')
  openapi(@Res() res: Response) {
    this.document ??= JSON.stringify(openApiDocument(version));
    res.type('application/json').send(this.document);
  }

  @Get('docs')
  docs(@Res() res: Response) {
    res.setHeader('Content-Security-Policy', docsPagePolicy(this.config.secureCookies));
    res.type('html').send(DOCS_PAGE);
  }

  @Get('docs/:file')
  file(@Param('file') name: string, @Res() res: Response) {
    const file = Object.hasOwn(DOCS_FILES, name) ? DOCS_FILES[name] : undefined;
    if (!file) throw new HttpException({ message: 'Not found' }, 404);
    // The library's files change only with its version: a day in the browser's own cache.
    res.sendFile(file, { headers: { 'Cache-Control': 'private, max-age=86400' } });
  }
}
