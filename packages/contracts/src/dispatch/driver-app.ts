import { z } from 'zod';
import { STOP_TIME_SOURCES, STOP_TYPES } from './stop.js';
import { loadMessageSchema } from './load-message.js';

/**
 * The driver app (issue 44): a phone paired to a driver by a link used once, then a token per phone. svc-core keeps
 * the pairing (a row per driver, with the driver) and answers the driver API; the gateway serves it on the driver
 * origin (DRIVER_PORT) only.
 */

export * from './driver-app-texts.js';
import { STOP_STAMP_KINDS, type StopStampKind } from './driver-app-texts.js';

/** What POST /api/drivers/{id}/pairing answers: the link to open on the phone. */
export const pairingLinkSchema = z.object({
  url: z.string().describe('The link to open on the phone: works once, for PAIRING_LINK_MINUTES'),
  expiresAt: z.string().describe('ISO timestamp'),
});
export type PairingLink = z.infer<typeof pairingLinkSchema>;

/** What svc-core answers the gateway for a new link: the code, which the gateway makes into the driver origin's URL. */
export const pairingCodeSchema = z.object({ code: z.string(), expiresAt: z.string() });
export type PairingCode = z.infer<typeof pairingCodeSchema>;

/** The stored pairing (one per driver); never its hashes. */
export const driverPairingRecordSchema = z.object({
  driverId: z.uuid(),
  linkExpiresAt: z.date(),
  pairedAt: z.date().nullable().optional(),
});

/** POST /api/driver/pair: the link's code. */
export const driverPairRequestSchema = z.object({ code: z.string().min(1).max(200) });
export const driverPairedSchema = z.object({ token: z.string().describe('The phone token, shown this once'), driverName: z.string() });
export type DriverPaired = z.infer<typeof driverPairedSchema>;

/** Who the phone is paired to, and what the company lets drivers see. */
export const driverMeSchema = z.object({ driverId: z.uuid(), driverName: z.string(), showPay: z.boolean() });
export type DriverMe = z.infer<typeof driverMeSchema>;

export const driverStopSchema = z.object({
  id: z.uuid(),
  sequence: z.number().int(),
  type: z.enum(STOP_TYPES),
  location: z.string(),
  address: z.string().nullable(),
  facility: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  appointmentStart: z.string().nullable(),
  appointmentEnd: z.string().nullable(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  arrivedSource: z.enum(STOP_TIME_SOURCES).nullable(),
  departedAt: z.string().nullable(),
  departedSource: z.enum(STOP_TIME_SOURCES).nullable(),
});
export type DriverStop = z.infer<typeof driverStopSchema>;

export const driverLoadSummarySchema = z.object({
  id: z.uuid(),
  loadNumber: z.string(),
  status: z.enum(['assigned', 'in-transit', 'delivered']),
  pickupLocation: z.string(),
  pickupDate: z.string(),
  deliveryLocation: z.string(),
  deliveryDate: z.string(),
  stopCount: z.number().int(),
});
export type DriverLoadSummary = z.infer<typeof driverLoadSummarySchema>;

export const driverLoadSchema = driverLoadSummarySchema.extend({
  commodity: z.string().nullable(),
  notes: z.string().nullable(),
  truck: z.object({ id: z.uuid(), truckNumber: z.string() }).nullable(),
  /** Only when the company's 'Show pay to drivers' is on: the load's rate, and the driver's pay rule. */
  rate: z.string().optional(),
  pay: z.string().optional(),
  stops: z.array(driverStopSchema),
  /** What is kept on the load (Scan Document, Sign POD, staff uploads): never the bytes. */
  documents: z.array(z.object({ id: z.uuid(), fileName: z.string(), documentType: z.string(), uploadedAt: z.string() })),
  /** Issue 44, point 5: the load's messages with dispatch, oldest first (the newest LOAD_THREAD_MAX). */
  messages: z.array(loadMessageSchema),
});
export type DriverLoad = z.infer<typeof driverLoadSchema>;


/** POST /api/driver/loads/{id}/stops/{stopId}/{arrived|departed}: when (the phone's clock, kept when queued) and one fix. */
export const stopStampInputSchema = z.object({
  at: z.iso.datetime({ offset: true }).optional().describe('When it happened (the phone queues actions without signal); now when left out'),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  accuracyMeters: z.number().min(0).max(100_000).nullable().optional(),
});
export type StopStampInput = z.infer<typeof stopStampInputSchema>;

/** A driver's stamp as svc-core stores it (through its write pipeline, once per Idempotency-Key). */
export const stopStampRecordSchema = z.object({
  loadId: z.uuid(),
  stopId: z.uuid(),
  driverId: z.uuid(),
  kind: z.enum(STOP_STAMP_KINDS),
  at: z.date(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracyMeters: z.number().nullable(),
});

export const stopStampSchema = z.object({
  id: z.uuid(),
  stopId: z.uuid(),
  kind: z.enum(STOP_STAMP_KINDS),
  at: z.string(),
  /** Whether the stop took this time: false when someone else's time was there first (a dispatcher's is never replaced). */
  applied: z.boolean(),
});
export type StopStamp = z.infer<typeof stopStampSchema>;

/** What the gateway sends svc-core with every driver request: the phone token's hash, never the token. */
export interface DriverRequest {
  tokenHash: string;
  loadId?: string;
  /** A document's fields and the upload object its bytes wait in (Scan Document, Sign POD). */
  document?: unknown;
  stopId?: string;
  kind?: StopStampKind;
  body?: unknown;
}
