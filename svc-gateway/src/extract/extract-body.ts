import express, { type RequestHandler } from 'express';
import { EXTRACT_MAX_BODY_BYTES, EXTRACT_MESSAGES } from '@tms/contracts';
import { BodyRefused } from '../http/json-body.js';

/** The path of the extraction route, whose body (a document as a data URL) may be larger than other routes'. */
export const EXTRACT_PATH = '/api/extract-load';

const parseLargeJson = express.json({ limit: EXTRACT_MAX_BODY_BYTES });

/**
 * The JSON body of POST /api/extract-load, up to EXTRACT_MAX_BODY_BYTES (a document of EXTRACT_MAX_FILE_BYTES as
 * base64); mounted before /api's own parser, which then finds the body read and leaves it. Larger is a 413 that
 * says the limit.
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

/** The bytes of a base64 data URL ('data:application/pdf;base64,JVBER...'), or undefined when it is not one. */
export function decodeDataUrl(dataUrl: string): Uint8Array | undefined {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0 || !/;base64$/i.test(dataUrl.slice(0, comma))) return undefined;
  const base64 = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) return undefined;
  return new Uint8Array(Buffer.from(base64, 'base64'));
}
