import { createRequire } from 'node:module';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { createWorker, OEM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/**
 * Offline OCR: tesseract.js (WebAssembly) with the English model from the @tesseract.js-data/eng package, so
 * nothing is downloaded at run time. One worker, made on first use and reused; it reads one image at a time.
 */
export class Ocr {
  private readonly logger = new Logger('Ocr');
  private worker?: Promise<Worker>;

  /** The text of a PNG/JPEG image and tesseract's mean confidence (0-100). */
  async read(image: Uint8Array): Promise<{ text: string; confidence: number }> {
    const worker = await this.start();
    const { data } = await worker.recognize(Buffer.from(image));
    return { text: data.text, confidence: data.confidence };
  }

  async stop() {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }

  private start(): Promise<Worker> {
    this.worker ??= (async () => {
      const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
      const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
      this.logger.log('OCR ready (tesseract.js, English, offline)');
      return worker;
    })().catch((error: unknown) => {
      this.worker = undefined;
      throw error;
    });
    return this.worker;
  }
}
