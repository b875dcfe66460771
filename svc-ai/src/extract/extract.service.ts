import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  EXTRACT_FILE_TYPES,
  EXTRACT_MESSAGES,
  EXTRACT_UPLOAD_TTL_MS,
  extractUploadBucket,
  fail,
  ok,
  type ExtractedLoad,
  type ExtractionConfidence,
  type ExtractLoadPayload,
  type ExtractLoadResult,
  type ModelLoad,
  type RpcReply,
} from '@tms/contracts';
import { config, internalErrorReply, UploadStore } from '@tms/service-kit';
import { AI_CONFIG, type AiConfig } from './ai-config.js';
import { documentTypeOf } from './document-kind.js';
import { readDocumentText, UnreadableDocument } from './document-text.js';
import { ModelExtractor, ModelFailure } from './model-extractor.js';
import { fieldMatches, SCORED_FIELDS } from './scoring.js';
import { extractOffline } from './offline-extractor.js';
import { Ocr } from './ocr.js';
import { normalizeModelLoad } from './model-answer.js';

/**
 * Document → load form fields. The uploaded bytes wait in the JetStream object store (they do not fit a NATS
 * message); their text is read (OCR for images and scans), then a configured model extracts the fields, or the
 * offline extractor does — also when the model fails, times out or answers badly, saying so in `extraction`.
 */
@Injectable()
export class ExtractService implements OnModuleDestroy {
  private readonly logger = new Logger(ExtractService.name);
  private readonly uploads = new UploadStore(extractUploadBucket(config.subjectRoot), EXTRACT_UPLOAD_TTL_MS);
  private readonly ocr = new Ocr();
  private readonly model?: ModelExtractor;

  constructor(@Inject(AI_CONFIG) private readonly settings: AiConfig) {
    if (settings.model) {
      this.model = new ModelExtractor(settings.model, settings.modelTimeoutMs);
      this.logger.log(`Extracting with the model ${settings.model.name}${settings.model.baseURL ? ` at ${settings.model.baseURL}` : ''}`);
    } else {
      this.logger.log('No model configured (OPENAI_API_KEY / OPENAI_BASE_URL): extracting with the offline extractor');
    }
  }

  async extract(payload: ExtractLoadPayload): Promise<RpcReply<ExtractLoadResult>> {
    if (typeof payload?.object !== 'string' || !EXTRACT_FILE_TYPES.includes(payload.fileType)) {
      return fail('invalid', EXTRACT_MESSAGES.unsupportedType, { fileType: [EXTRACT_MESSAGES.unsupportedType] });
    }
    try {
      const data = await this.uploads.take(payload.object);
      if (!data) return fail('invalid', EXTRACT_MESSAGES.expired);
      const document = await readDocumentText(data, payload.fileType, this.ocr, this.settings.ocrMaxPages);
      if (!document.text.trim()) return fail('invalid', EXTRACT_MESSAGES.noText);
      const fields = await this.fields(document.text, document.ocr);
      // The load keeps the document under its kind when the text names it (else 'Other').
      const documentType = documentTypeOf(document.text);
      return ok(documentType ? { ...fields, documentType } : fields);
    } catch (error) {
      if (error instanceof UnreadableDocument) return fail('invalid', error.message, { fileData: [error.message] });
      return internalErrorReply(error);
    }
  }

  /** The fields from the text: the model's answer when it gives one, else the offline extractor's. */
  async fields(text: string, ocr: boolean): Promise<ExtractLoadResult> {
    const offline = extractOffline(text, { fromOcr: ocr });
    if (!this.model) return { ...offline.fields, confidence: offline.confidence, extraction: { extractor: 'offline', ocr } };
    let answer: ModelLoad;
    try {
      answer = await this.model.extract(text);
    } catch (error) {
      const reason = error instanceof ModelFailure ? error.message : 'the model failed';
      this.logger.warn(`The model failed (${reason}): the offline extractor answered instead`);
      return { ...offline.fields, confidence: offline.confidence, extraction: { extractor: 'offline', ocr, fallbackReason: reason } };
    }
    const fields = normalizeModelLoad(answer);
    if (!Object.keys(fields).length) {
      const reason = 'the model found none of the fields';
      this.logger.warn(`The model answered badly (${reason}): the offline extractor answered instead`);
      return { ...offline.fields, confidence: offline.confidence, extraction: { extractor: 'offline', ocr, fallbackReason: reason } };
    }
    return { ...fields, confidence: modelConfidence(fields, offline.fields, ocr), extraction: { extractor: 'model', model: this.model.name, ocr } };
  }

  async onModuleDestroy() {
    await Promise.all([this.uploads.close(), this.ocr.stop()]);
  }
}

/** A model gives no confidence of its own: it is high where the offline rules read the same, lower where they differ. */
function modelConfidence(fields: ExtractedLoad, offline: ExtractedLoad, ocr: boolean): ExtractionConfidence {
  const confidence: ExtractionConfidence = {};
  for (const field of Object.keys(fields) as (keyof ExtractedLoad)[]) {
    const scored = (SCORED_FIELDS as readonly string[]).includes(field);
    const agrees = scored && fieldMatches(field as (typeof SCORED_FIELDS)[number], fields[field], offline[field]);
    const base = !scored ? 0.8 : agrees ? 0.97 : offline[field] === undefined ? 0.85 : 0.75;
    confidence[field] = Math.round(base * (ocr ? 0.95 : 1) * 100) / 100;
  }
  return confidence;
}

