import { HttpException } from '@nestjs/common';
import express, { type RequestHandler } from 'express';
import { EXTRACT_MAX_BODY_BYTES, EXTRACT_MAX_FILE_BYTES, EXTRACT_MESSAGES } from '@tms/contracts';
import { BodyRefused, JSON_TYPES } from '../http/request-body.js';

/** The path of the extraction route, whose body (a document as a data URL) may be larger than other routes'. */
export const EXTRACT_PATH = '/api/extract-load';
/** The route that keeps a load's document (svc-gateway/src/documents): its body is a document as a data URL too. */
export const DOCUMENT_UPLOAD_PATH = '/api/loads/:id/documents';
/** The routes whose body is a document as a data URL, parsed by extractBody. */
export const DOCUMENT_BODY_PATHS = [EXTRACT_PATH, DOCUMENT_UPLOAD_PATH];

const parseLargeJson = express.json({ limit: EXTRACT_MAX_BODY_BYTES, type: JSON_TYPES });

/**
 * The JSON body of DOCUMENT_BODY_PATHS (POST /api/extract-load, POST /api/loads/:id/documents), up to
 * EXTRACT_MAX_BODY_BYTES (a document of EXTRACT_MAX_FILE_BYTES as base64); mounted before /api's own parser, which
 * then finds the body read and leaves it. Larger is a 413 that says the limit.
 */
export const extractBody: RequestHandler = (req, res, next) => {
  parseLargeJson(req, res, (error?: unknown) => {
    if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
      // Read the rest of the upload before answering: a client still sending would see a reset connection, not the 413.
      const refuse = () => next(new BodyRefused(413, EXTRACT_MESSAGES.tooLarge, 'entity.too.large'));
      if (req.readableEnded) return refuse();
      req.once('end', refuse);
      req.once('error', refuse);
      req.resume();
      return;
    }
    next(error as Error | undefined);
  });
};

const invalid = (message: string) => new HttpException({ message, issues: { fileData: [message] } }, 400);

/**
 * The bytes of a document sent as a data URL (`fileData`), at most EXTRACT_MAX_FILE_BYTES: larger is a 413 that says
 * the limit (refused before decoding, by its base64 length), no data URL or an empty file a 400.
 */
export function uploadedDocument(fileData: string): Uint8Array {
  const tooLarge = () => new HttpException({ message: EXTRACT_MESSAGES.tooLarge }, 413);
  // Base64 is 4/3 of the bytes.
  if (fileData.length > Math.ceil((EXTRACT_MAX_FILE_BYTES * 4) / 3) + 256) throw tooLarge();
  const data = decodeDataUrl(fileData);
  if (!data) throw invalid(EXTRACT_MESSAGES.fileData);
  if (data.byteLength > EXTRACT_MAX_FILE_BYTES) throw tooLarge();
  if (!data.byteLength) throw invalid(EXTRACT_MESSAGES.empty);
  return data;
}

/** The bytes of a base64 data URL ('data:application/pdf;base64,JVBER...'), or undefined when it is not one. */
export function decodeDataUrl(dataUrl: string): Uint8Array | undefined {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0 || !/;base64$/i.test(dataUrl.slice(0, comma))) return undefined;
  const base64 = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) return undefined;
  return new Uint8Array(Buffer.from(base64, 'base64'));
}
