import { createRequire } from 'node:module';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { layoutText, type PlacedText } from './layout-text.js';

const require = createRequire(import.meta.url);

/** The resolution pages are given to OCR at, about (see document-text.ts). */
const OCR_DPI = 150;

/**
 * Offline OCR: tesseract.js (WebAssembly) with the English model from the @tesseract.js-data/eng package, so
 * nothing is downloaded at run time. One worker, made on first use (or warm()) and reused; it reads one image at a time.
 */
export class Ocr {
  private readonly logger = new Logger('Ocr');
  private worker?: Promise<Worker>;

  /**
   * The text of an image (PGM, PNG, JPEG) laid out as it stands on the page (see layoutText: tesseract gives side-by-side
   * blocks one after the other), and tesseract's mean confidence (0-100).
   */
  async read(image: Uint8Array): Promise<{ text: string; confidence: number }> {
    const worker = await this.start();
    const { data } = await worker.recognize(Buffer.from(image), {}, { text: false, tsv: true });
    return { text: layoutText(wordsOf(data.tsv ?? '')), confidence: data.confidence };
  }

  /** Makes the engine now (it takes a second or two), so the first image is read as fast as the next. */
  warm() {
    this.start().catch((error: unknown) => this.logger.warn(`OCR could not start: ${error instanceof Error ? error.message : String(error)}`));
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
      // Pages come at 144-200 dpi (see document-text.ts) as PGM, which carries none: said here, not guessed per page.
      await worker.setParameters({ user_defined_dpi: String(OCR_DPI) });
      this.logger.log('OCR ready (tesseract.js, English, offline)');
      return worker;
    })().catch((error: unknown) => {
      this.worker = undefined;
      throw error;
    });
    return this.worker;
  }
}

/** The words of tesseract's TSV (level 5 rows: level, page, block, paragraph, line, word, left, top, width, height, confidence, text). */
function wordsOf(tsv: string): PlacedText[] {
  const words: PlacedText[] = [];
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12 || !cells[11].trim()) continue;
    const [left, top, width, height] = cells.slice(6, 10).map(Number);
    words.push({ text: cells.slice(11).join(' '), left, top, width, height });
  }
  return words;
}
