import { hash, randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_BYTES } from '@tms/contracts';

/** A new device token: DEVICE_TOKEN_BYTES random bytes (256 bits) as base64url. Shown once, never stored. */
export const newDeviceToken = () => randomBytes(DEVICE_TOKEN_BYTES).toString('base64url');

/**
 * What is kept of a device token, and the key the gateway looks a token up by: its SHA-256 in hex. A token is 256
 * random bits, so a fast hash is enough (no dictionary to guess from) and keeps every request's check cheap.
 */
export const hashDeviceToken = (token: string) => hash('sha256', token, 'hex');
