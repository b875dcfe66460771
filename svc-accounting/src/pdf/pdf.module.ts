import { Module } from '@nestjs/common';
import { RenderedFiles } from './rendered-files.js';

/** How rendered PDFs leave the service (RenderedFiles), for the invoices and the settlements. */
@Module({ providers: [RenderedFiles], exports: [RenderedFiles] })
export class PdfModule {}
