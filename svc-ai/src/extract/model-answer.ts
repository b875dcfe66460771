import { extractedLoadSchema, parseCents, centsToMoney, type ExtractedLoad, type ModelLoad } from '@tms/contracts';
import { extractOffline } from './offline-extractor.js';

/**
 * A model's answer as the load form's fields: dates to ISO days and the rate to money text even when the model
 * wrote them otherwise ('11/09/2026', '$5,025'), each field kept only when the contract's schema takes it.
 */
export function normalizeModelLoad(answer: ModelLoad): ExtractedLoad {
  const candidate: Record<string, unknown> = {
    loadNumber: answer.loadNumber?.trim(),
    pickupLocation: answer.pickupLocation?.trim(),
    pickupDate: day(answer.pickupDate),
    deliveryLocation: answer.deliveryLocation?.trim(),
    deliveryDate: day(answer.deliveryDate),
    rate: money(answer.rate),
    weight: answer.weight ?? undefined,
    commodity: answer.commodity?.trim(),
    notes: answer.notes?.trim(),
  };
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(candidate)) {
    if (value === undefined || value === null || value === '') continue;
    const checked = extractedLoadSchema.shape[field as keyof ExtractedLoad].safeParse(value);
    if (checked.success && checked.data !== undefined) fields[field] = checked.data;
  }
  return fields as ExtractedLoad;
}

function day(value: string | null): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return value.trim();
  return extractOffline(`Pickup date: ${value}`).fields.pickupDate;
}

function money(value: string | null): string | undefined {
  if (!value) return undefined;
  const cents = parseCents(value.replace(/[$,\s]|USD/gi, ''));
  return cents === undefined ? undefined : centsToMoney(cents);
}
