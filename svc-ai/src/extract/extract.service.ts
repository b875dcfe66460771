import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import {
  EXTRACT_FILE_TYPES,
  EXTRACT_MESSAGES,
  fail,
  ok,
  type ExtractedField,
  type ExtractedLoad,
  type ExtractedStop,
  type ExtractionConfidence,
  type ExtractLoadPayload,
  type ExtractLoadResult,
  type ModelLoad,
  type RpcReply,
} from '@tms/contracts';
import { internalErrorReply, UploadStore } from '@tms/service-kit';
import { AI_CONFIG, type AiConfig } from './ai-config.js';
import { documentTypeOf } from './document-kind.js';
import { extractionJobDuration, extractionPool } from './extraction-pool.js';
import { UNFOUNDED_CONFIDENCE, unfoundedFields } from './grounding.js';
import { ModelExtractor, ModelFailure } from './model-extractor.js';
import { fieldMatches, SCORED_FIELDS } from './scoring.js';
import { extractOffline, type OfflineExtraction } from './offline-extractor.js';
import { normalizeModelLoad } from './model-answer.js';
import { JobExpired, PoolBusy } from './worker-pool.js';
import { ExtractLayouts, type LearnedReading } from '../layouts/extract-layouts.service.js';
import { isEdi204 } from './edi-204.js';
import { normalize } from './offline-extractor.js';
import { readSender } from './sender.js';
import { readStops } from './stops.js';

/**
 * Document → load form fields. The uploaded bytes wait in the JetStream object store (they do not fit a NATS
 * message); their text is read (OCR for images and scans), then a configured model extracts the fields, or the
 * offline extractor does — also when the model fails, times out or answers badly, saying so in `extraction`.
 * Reading runs in a bounded pool of worker threads (the main thread keeps answering health checks), cancelled when
 * the caller stops waiting.
 */
@Injectable()
export class ExtractService implements OnModuleDestroy {
  private readonly logger = new Logger(ExtractService.name);
  private readonly pool: ReturnType<typeof extractionPool>;
  private readonly model?: ModelExtractor;

  constructor(
    @Inject(AI_CONFIG) private readonly settings: AiConfig,
    private readonly uploads: UploadStore,
    // Absent where no database is (the benchmark): documents are read by the general rules alone.
    @Optional() private readonly layouts?: ExtractLayouts,
  ) {
    this.pool = extractionPool(settings.workers, settings.queue);
    // One worker with its OCR engine kept warm: the first scan is read as fast as the next.
    this.pool.warm(1);
    if (settings.model) {
      this.model = new ModelExtractor(settings.model, settings.modelTimeoutMs);
      this.logger.log(`Extracting with the model ${settings.model.name}${settings.model.baseURL ? ` at ${settings.model.baseURL}` : ''}`);
    } else {
      this.logger.log('No model configured (OPENAI_API_KEY / OPENAI_BASE_URL): extracting with the offline extractor');
    }
  }

  /** `deadline`: when the caller stops waiting (epoch ms); the document's reading is cancelled then. */
  async extract(payload: ExtractLoadPayload, deadline: number): Promise<RpcReply<ExtractLoadResult>> {
    if (typeof payload?.object !== 'string' || !EXTRACT_FILE_TYPES.includes(payload.fileType)) {
      return fail('invalid', EXTRACT_MESSAGES.unsupportedType, { fileType: [EXTRACT_MESSAGES.unsupportedType] });
    }
    // Refused before the upload is even read (the gateway deletes it): the user tries again in a few seconds.
    if (!this.pool.hasRoom) return fail('busy', EXTRACT_MESSAGES.busy);
    try {
      const data = await this.uploads.take(payload.object);
      if (!data) return fail('invalid', EXTRACT_MESSAGES.expired);
      const document = await this.read(data, payload.fileType, deadline);
      if (!document.read) {
        if ('unreadable' in document) return fail('invalid', document.unreadable, { fileData: [document.unreadable] });
        throw new Error(document.error);
      }
      if (!document.text.trim()) return fail('invalid', EXTRACT_MESSAGES.noText);
      const read = await this.fields(document.text, document.ocr, document.offline);
      // The stops a multi-stop document lists (issue 49), read as data whatever extractor read the fields; a learned layout's values come first all the same.
      const fields = withLearned(withStops(read, readStops(document.text)), await this.learnedReading(document.text));
      // The load keeps the document under its kind when the text names it (else 'Other').
      const documentType = documentTypeOf(document.text);
      // Who sent it (issue 47): the dialog chooses the customer it matches.
      const sender = readSender(document.text);
      return ok({ ...fields, ...(documentType ? { documentType } : {}), ...(sender ? { sender } : {}) });
    } catch (error) {
      if (error instanceof PoolBusy) return fail('busy', EXTRACT_MESSAGES.busy);
      if (error instanceof JobExpired) {
        this.logger.warn(`${payload.object}: cancelled, its caller stopped waiting`);
        return fail('unavailable', 'The request was cancelled: its caller had stopped waiting');
      }
      return internalErrorReply(error);
    }
  }

  /** What a layout learned from a saved load gives for this document (issue 49), if one was learned of its layout. */
  private async learnedReading(text: string): Promise<LearnedReading | undefined> {
    // An X12 204 is read by its segments, as data, whoever sent it.
    if (!this.layouts || isEdi204(text)) return undefined;
    return this.layouts.read(normalize(text));
  }

  /** The document's text, read by a worker of the pool; its time counted by how it ended. */
  async read(data: Uint8Array, fileType: ExtractLoadPayload['fileType'], deadline: number) {
    const timer = extractionJobDuration.startTimer();
    try {
      const document = await this.pool.run({ data, fileType, ocrMaxPages: this.settings.ocrMaxPages }, deadline);
      timer({ outcome: document.read ? 'read' : 'unreadable' in document ? 'unreadable' : 'failed' });
      return document;
    } catch (error) {
      timer({ outcome: error instanceof JobExpired ? 'expired' : error instanceof PoolBusy ? 'busy' : 'failed' });
      throw error;
    }
  }

  /**
   * The fields from the text: the model's answer when it gives one, else the offline extractor's (`offline`, when a
   * worker has already read the text with it).
   */
  async fields(text: string, ocr: boolean, offline: OfflineExtraction = extractOffline(text, { fromOcr: ocr })): Promise<ExtractLoadResult> {
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
    const unfounded = unfoundedFields(fields, text, offline.fields);
    if (unfounded.length) this.logger.warn(`The model answered what the document does not say (${unfounded.join(', ')}): flagged for review`);
    return { ...fields, confidence: modelConfidence(fields, offline.fields, ocr, unfounded), extraction: { extractor: 'model', model: this.model.name, ocr } };
  }

  async onModuleDestroy() {
    // At once: a stop (SIGTERM) must not wait for a document being read.
    await this.pool.close();
  }
}

/** How sure a spec field taken from the document's first or last stop is, where the general rules read otherwise. */
const STOP_CONFIDENCE = 0.9;

/**
 * The answer with the document's stops, and the spec's pickup and delivery fields from the first and last of them
 * (their places, their appointments' days), as a load's first and last stop give them.
 */
function withStops(result: ExtractLoadResult, stops: ExtractedStop[] | undefined): ExtractLoadResult {
  if (!stops) return result;
  const [first, last] = [stops[0], stops.at(-1)!];
  const day = (stop: ExtractedStop) => (stop.appointmentStart ?? stop.appointmentEnd)?.slice(0, 10);
  const fromStops: Partial<ExtractLoadResult> = { pickupLocation: first.location, pickupDate: day(first), deliveryLocation: last.location, deliveryDate: day(last) };
  const answer: ExtractLoadResult = { ...result, confidence: { ...result.confidence }, stops };
  for (const [field, value] of Object.entries(fromStops) as ['pickupLocation' | 'pickupDate' | 'deliveryLocation' | 'deliveryDate', string | undefined][]) {
    if (value === undefined || value === result[field]) continue;
    answer[field] = value;
    answer.confidence[field] = Math.round(STOP_CONFIDENCE * (result.extraction.ocr ? 0.95 : 1) * 100) / 100;
  }
  return answer;
}

/** How sure a value read where a saved load's value stood in the same layout is. */
const LEARNED_CONFIDENCE = 0.97;

/** The answer with a learned layout's values first (the general rules' for the rest), marked in `extraction.learned`. */
function withLearned(result: ExtractLoadResult, learned: LearnedReading | undefined): ExtractLoadResult {
  if (!learned) return result;
  const fields = Object.keys(learned.fields) as ExtractedField[];
  const confidence = { ...result.confidence };
  for (const field of fields) confidence[field] = Math.round(LEARNED_CONFIDENCE * (result.extraction.ocr ? 0.95 : 1) * 100) / 100;
  const { layout } = learned;
  return {
    ...result,
    ...learned.fields,
    confidence,
    extraction: { ...result.extraction, learned: { layoutId: layout.id, loadId: layout.loadId, loadNumber: layout.loadNumber, fields } },
  };
}

/**
 * A model gives no confidence of its own: it is high where the offline rules read the same, lower where they differ,
 * and UNFOUNDED_CONFIDENCE (shown as one to check) where the document does not hold what the model answered.
 */
function modelConfidence(fields: ExtractedLoad, offline: ExtractedLoad, ocr: boolean, unfounded: ExtractedField[]): ExtractionConfidence {
  const confidence: ExtractionConfidence = {};
  for (const field of Object.keys(fields) as (keyof ExtractedLoad)[]) {
    if (unfounded.includes(field)) {
      confidence[field] = UNFOUNDED_CONFIDENCE;
      continue;
    }
    const scored = (SCORED_FIELDS as readonly string[]).includes(field);
    const agrees = scored && fieldMatches(field as (typeof SCORED_FIELDS)[number], fields[field], offline[field]);
    const base = !scored ? 0.8 : agrees ? 0.97 : offline[field] === undefined ? 0.85 : 0.75;
    confidence[field] = Math.round(base * (ocr ? 0.95 : 1) * 100) / 100;
  }
  return confidence;
}

