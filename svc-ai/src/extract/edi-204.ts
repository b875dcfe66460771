import type { ExtractionConfidence } from '@tms/contracts';
import { COMMODITY_LABEL } from './finders/commodity.js';
import { joinNotes } from './notes-section.js';
import { cleanCommodity, isoDay, titleCaseCity, toPounds } from './text-values.js';

/**
 * An X12 EDI 204 (motor carrier load tender) read by its segments: B2 (shipment id), S5 stops with their reason
 * (LD/CL/PL load, UL/CU/PU unload; else their N1 party: SF/SH ship from, ST/CN ship to) and weight, each stop's G62
 * dates and N4 city/state, L3 (weight, total charge or flat rate), AT8 weight (in pounds or kilograms),
 * L5 description (else a commodity an NTE note names: 'NTE*LOI*COMMODITY: FROZEN POULTRY'), NTE notes, and the L11
 * references when B2 has no shipment id (a load, bill of lading, PRO, shipper's or order number). Elements are set apart by whatever the ISA header declares ('*', '|', '^'), segments
 * end with '~' or a line's end. (ST*204 at a segment's start: after the last newline, so a run of blank lines is
 * not tried from each of its newlines.)
 */
export const isEdi204 = (text: string) => /(?:^|[~\n])[^\S\n]*ST([*|^+!])204\1/.test(text) || (/^\s*ISA([*|^+!])/.test(text) && /\bB2[*|^+!]/.test(text));

/** The element separator: the ISA header's fourth character, else the one after the first ST. */
function elementSeparator(text: string): string {
  return /^\s*ISA([*|^+!])/.exec(text)?.[1] ?? /(?:^|[~\n])[^\S\n]*ST([*|^+!])204/.exec(text)?.[1] ?? '*';
}

/** L11 reference qualifiers that name the shipment, in the order one is taken for the load number (X12 128). */
const SHIPMENT_REFERENCES = ['LO', 'BM', 'CN', 'SI', 'PO', 'CR'];

export const PICKUP_REASONS = new Set(['LD', 'CL', 'PL', 'LL']);
export const DELIVERY_REASONS = new Set(['UL', 'CU', 'PU', 'DL']);
/** N1 entity codes (X12 98) that name a stop's party when its S5 gives no reason: ship from / shipper, ship to / consignee. */
const PICKUP_PARTIES = new Set(['SF', 'SH']);
const DELIVERY_PARTIES = new Set(['ST', 'CN']);

/** What OCR reads a printed 204's '*' as, now and then ('G62*70%20270912', 'PR8850936™*PP'). */
const OCR_STARS = /[%+"™]/g;

/** The 204's segments, each as its elements (the segment's id first); `fromOcr`: a printed 204's misread stars mended. */
export function ediSegments(text: string, fromOcr = false): string[][] {
  const separator = elementSeparator(text);
  return (fromOcr && separator === '*' ? text.replace(OCR_STARS, '*') : text)
    .split(/~|\n/)
    .map((segment) => segment.trim())
    .filter(Boolean)
    .map((segment) => segment.split(separator));
}

export function readEdi204(text: string, fromOcr = false): { fields: Record<string, unknown>; confidence: ExtractionConfidence } {
  const segments = ediSegments(text, fromOcr);
  const fields: Record<string, unknown> = {};
  const stops: { reason: string; party?: string; city?: string; weight?: number; dates: string[] }[] = [];
  const notes: string[] = [];
  const references = new Map<string, string>();
  for (const elements of segments) {
    const [id] = elements;
    const stop = stops.at(-1);
    if (id === 'B2' && elements[4]) fields.loadNumber = elements[4];
    else if (id === 'S5') stops.push({ reason: elements[2] ?? '', weight: ediWeight(elements[3], elements[4]), dates: [] });
    else if (id === 'N1' && stop && elements[1]) stop.party ??= elements[1];
    else if (id === 'G62' && stop && /^\d{8}$/.test(elements[2] ?? '')) {
      const day = isoDay(Number(elements[2].slice(0, 4)), Number(elements[2].slice(4, 6)), Number(elements[2].slice(6, 8)));
      if (day) stop.dates.push(day);
    } else if (id === 'N4' && stop && elements[1] && elements[2]) stop.city = `${titleCaseCity(elements[1])}, ${elements[2]}`;
    else if (id === 'L3') {
      if (elements[1] && /^\d+(\.\d+)?$/.test(elements[1])) fields.weight = Math.round(Number(elements[1]));
      // L305 is the charge (two implied decimals); without it, a flat rate (L303 with L304 'FR') as written.
      if (elements[5]) fields.rate = ediMoney(elements[5]);
      else if (elements[4] === 'FR' && /^\d+(\.\d{1,2})?$/.test(elements[3] ?? '')) fields.rate = Number(elements[3]).toFixed(2);
    } else if (id === 'AT8' && fields.weight === undefined) fields.weight = ediWeight(elements[3], elements[2]);
    else if (id === 'L5' && /[A-Za-z]{3}/.test(elements[2] ?? '') && fields.commodity === undefined) fields.commodity = sentenceCase(elements[2].trim());
    else if (id === 'NTE' && elements[2]) notes.push(elements[2]);
    else if (id === 'L11' && elements[1] && elements[2] && !references.has(elements[2])) references.set(elements[2], elements[1].trim());
  }
  if (fields.loadNumber === undefined) {
    const qualifier = SHIPMENT_REFERENCES.find((code) => references.has(code));
    if (qualifier) fields.loadNumber = references.get(qualifier);
  }
  if (fields.commodity === undefined) {
    for (const note of notes) {
      const named = COMMODITY_LABEL.exec(note);
      const value = named && cleanCommodity(sentenceCase(named[1].trim()));
      if (value) {
        fields.commodity = value;
        break;
      }
    }
  }
  const pickups = stops.filter((stop) => PICKUP_REASONS.has(stop.reason) || (!DELIVERY_REASONS.has(stop.reason) && PICKUP_PARTIES.has(stop.party ?? '')));
  const deliveries = stops.filter((stop) => DELIVERY_REASONS.has(stop.reason) || (!PICKUP_REASONS.has(stop.reason) && DELIVERY_PARTIES.has(stop.party ?? '')));
  const first = pickups[0] ?? stops[0];
  const last = deliveries.at(-1) ?? (stops.length > 1 ? stops.at(-1) : undefined);
  // The weight the first stop loads (S5's), when no L3 or AT8 gives the shipment's.
  fields.weight ??= first?.weight;
  if (first?.city) fields.pickupLocation = first.city;
  if (first?.dates[0]) fields.pickupDate = first.dates[0];
  if (last?.city) fields.deliveryLocation = last.city;
  if (last?.dates.length) fields.deliveryDate = last.dates.at(-1);
  if (notes.length) fields.notes = joinNotes(notes);
  const confidence: ExtractionConfidence = {};
  for (const field of Object.keys(fields)) confidence[field as keyof ExtractionConfidence] = 0.95;
  return { fields, confidence };
}

/** 'APPLES, FRESH, BOXED' → 'Apples, fresh, boxed'; a description in mixed case is kept as written. */
const sentenceCase = (text: string) => (text === text.toUpperCase() ? text.charAt(0) + text.slice(1).toLowerCase() : text);

/** A weight element in pounds, by its unit code (X12 188: 'K' kilograms, else pounds); none unless a number. */
function ediWeight(weight: string | undefined, unit: string | undefined): number | undefined {
  if (!weight || !/^\d+(\.\d+)?$/.test(weight) || Number(weight) === 0) return undefined;
  return toPounds(weight, unit === 'K' ? 'kg' : undefined);
}

/** L3's charge: '5025.00' as written, '502500' with its implied two decimals. */
function ediMoney(value: string): string | undefined {
  if (/^\d+\.\d{2}$/.test(value)) return value;
  if (/^\d+$/.test(value)) return `${value.slice(0, -2) || '0'}.${value.slice(-2).padStart(2, '0')}`;
  return undefined;
}
