import { z } from 'zod';
import { LOAD_MESSAGE_AUTHORS, LOAD_MESSAGE_MAX_LENGTH } from './driver-app-texts.js';

/**
 * Issue 44, point 5: a load's messages between its driver (the driver app) and dispatch (the Loads row menu's
 * 'Messages'). svc-core keeps them with the load (gone with it); each is written once per Idempotency-Key (the
 * phone's outbox sends until answered) and never changed but for when the other side read it.
 */
export const LOAD_MESSAGES_RESOURCE = 'load-messages';
/** `{root}.core.load-messages.{action}`. */
export const LOAD_MESSAGE_ACTIONS = { thread: 'thread', send: 'send', read: 'read', unread: 'unread' } as const;
/** Staff routes beside the load's: `GET|POST /api/loads/{id}/messages`, `POST .../messages/read`, and the unread counts. */
export const LOAD_MESSAGES_UNREAD_PATH = 'loads/messages/unread';
/** The newest messages of a load a thread shows. */
export const LOAD_THREAD_MAX = 200;

export const LOAD_MESSAGE_MESSAGES = {
  body: 'Message is required',
  tooLong: `A message is at most ${LOAD_MESSAGE_MAX_LENGTH} characters`,
  loadNotFound: 'Load not found',
} as const;

/** What a person writes: text of a few lines. */
export const loadMessageInputSchema = z.object({
  body: z
    .string({ error: LOAD_MESSAGE_MESSAGES.body })
    .trim()
    .min(1, LOAD_MESSAGE_MESSAGES.body)
    .max(LOAD_MESSAGE_MAX_LENGTH, LOAD_MESSAGE_MESSAGES.tooLong)
    .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u.test(text), 'Must not contain control characters'),
});
export type LoadMessageInput = z.input<typeof loadMessageInputSchema>;

/** A message as svc-core writes it (through its write pipeline). */
export const loadMessageRecordSchema = z.object({
  loadId: z.uuid(),
  driverId: z.uuid().nullable(),
  author: z.enum(LOAD_MESSAGE_AUTHORS),
  authorName: z.string().max(300),
  body: z.string(),
});

export const loadMessageSchema = z.object({
  id: z.uuid(),
  loadId: z.uuid(),
  author: z.enum(LOAD_MESSAGE_AUTHORS).describe("'driver' (the driver app) or 'dispatch' (staff)"),
  authorName: z.string().describe("The driver's name, or the staff user's e-mail"),
  body: z.string(),
  at: z.string().describe('When it was written (ISO 8601)'),
  readAt: z.string().nullable().describe('When the other side first read it; null while unread'),
});
export type LoadMessage = z.infer<typeof loadMessageSchema>;

/** `GET /api/loads/messages/unread`: per load with any, the driver's messages dispatch has not read. */
export const unreadLoadMessagesSchema = z.array(z.object({ loadId: z.uuid(), count: z.number().int() }));
export type UnreadLoadMessages = z.infer<typeof unreadLoadMessagesSchema>;
