import { hash } from 'node:crypto';
import type { GpsPositionFields } from '@tms/contracts';

/**
 * A position's id, the same whenever the same device sends the same driver, truck and timestamp again: the
 * positions table's key, so that a position resent (a retrying device, a redelivered stream message) is stored once.
 */
export function positionId(deviceId: string, position: Pick<GpsPositionFields, 'driverId' | 'truckId' | 'timestamp'>): string {
  const hex = hash('sha256', `${deviceId}|${position.driverId ?? ''}|${position.truckId ?? ''}|${Date.parse(position.timestamp)}`, 'hex');
  // Shaped as a version 8 (custom) uuid.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
