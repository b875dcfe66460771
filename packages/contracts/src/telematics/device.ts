import { z } from 'zod';
import { optionalReference, requiredText } from '../fields.js';
import { SAFETY_MESSAGES } from '../safety/safety.js';

export const DEVICE_MESSAGES = {
  name: 'Name is required',
  truckId: 'Choose a truck from the list',
  driverId: 'Choose a driver from the list',
  truckNotFound: SAFETY_MESSAGES.truckNotFound,
  driverNotFound: SAFETY_MESSAGES.driverNotFound,
  /** Shown with the token, the only time it is ever shown. */
  tokenShownOnce: 'Copy this token now: it will not be shown again.',
} as const;

/**
 * A device (ELD box, phone app, tracker) that posts GPS positions with its own token. Bound to a truck and/or a
 * driver, it posts for them only; unbound (a fleet's telematics provider), for any.
 */
export const deviceInputSchema = z.object({
  name: requiredText(DEVICE_MESSAGES.name),
  truckId: optionalReference(DEVICE_MESSAGES.truckId),
  driverId: optionalReference(DEVICE_MESSAGES.driverId),
});
export type DeviceInput = z.input<typeof deviceInputSchema>;
export type DeviceFields = z.output<typeof deviceInputSchema>;

export const deviceSchema = deviceInputSchema.extend({
  id: z.string(),
  lastPositionAt: z.string().nullable().describe('When its latest stored position was taken, or null before its first'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.output<typeof deviceSchema>;

/** The answer of POST /api/devices: the device and its token, shown this once (only a hash is kept). */
export const registeredDeviceSchema = deviceSchema.extend({ token: z.string().describe('Shown this once: only its hash is kept') });
export type RegisteredDevice = z.output<typeof registeredDeviceSchema>;

/** Random bytes in a device token: 256 bits, written as base64url (43 characters). */
export const DEVICE_TOKEN_BYTES = 32;

/**
 * What the gateway knows of a device to accept its positions, kept in a JetStream key-value bucket under the hash
 * of its token (never the token): written by svc-telematics when a device is registered, deleted when revoked.
 */
export interface DeviceGrant {
  deviceId: string;
  truckId: string | null;
  driverId: string | null;
}
