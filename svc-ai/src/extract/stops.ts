import { extractedStopSchema, STOPS_MAX, type ExtractedStop } from '@tms/contracts';
import { DELIVERY_REASONS, ediSegments, isEdi204, PICKUP_REASONS } from './edi-204.js';
import { DATE } from './finders/dates.js';
import { PLACE } from './finders/places.js';
import { normalize } from './offline-extractor.js';
import { isoDay, parseDay, stateCode, titleCaseCity } from './text-values.js';

/**
 * The stops of a multi-stop document (issue 49 point 4), read as data: an X12 204's S5 loops (each with its G62
 * appointment, N1 facility, N3/N4 address and L11 reference), or a rate confirmation's stop sections ('STOP 1 -
 * PICKUP', 'Pickup 2', 'DROP 1', 'Delivery (final)'), each with its facility, address, appointment and reference.
 * Nothing is answered unless at least two stops are read, each with its place, the first a pickup and the last a
 * delivery: a document whose stops are not that clear leaves the form's stops to the spec's two fields.
 */
export function readStops(rawText: string): ExtractedStop[] | undefined {
  const found = isEdi204(rawText) ? ediStops(rawText) : sectionStops(normalize(rawText));
  const stops: ExtractedStop[] = [];
  for (const stop of found) {
    const checked = extractedStopSchema.safeParse(stop);
    if (!checked.success) return undefined;
    stops.push(checked.data);
  }
  if (stops.length < 2 || stops.length > STOPS_MAX || stops[0].type !== 'pickup' || stops.at(-1)!.type !== 'delivery') return undefined;
  return stops;
}

/** 'HHMM' or 'HH:MM' (24 h), as the form's time of day; undefined for no real time. */
function timeOfDay(hours: string, minutes: string): string | undefined {
  const [h, m] = [Number(hours), Number(minutes)];
  return h < 24 && m < 60 ? `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}` : undefined;
}
const at = (day: string, time: string | undefined) => (time ? `${day}T${time}` : day);

/** An X12 204's stops: each S5 with the segments that follow it until the next. */
function ediStops(text: string): Partial<ExtractedStop>[] {
  const stops: (Partial<ExtractedStop> & { times: string[]; street?: string })[] = [];
  for (const [id, ...elements] of ediSegments(text)) {
    if (id === 'S5') {
      const reason = elements[1] ?? '';
      stops.push({ type: PICKUP_REASONS.has(reason) ? 'pickup' : DELIVERY_REASONS.has(reason) ? 'delivery' : undefined, times: [] });
      continue;
    }
    const stop = stops.at(-1);
    if (!stop) continue;
    if (id === 'G62' && /^\d{8}$/.test(elements[1] ?? '')) {
      const [date, , time] = [elements[1], elements[2], elements[3]];
      const day = isoDay(Number(date.slice(0, 4)), Number(date.slice(4, 6)), Number(date.slice(6, 8)));
      const clock = /^(\d{2})(\d{2})/.exec(time ?? '');
      if (day) stop.times.push(at(day, clock ? timeOfDay(clock[1], clock[2]) : undefined));
    } else if (id === 'N1' && elements[1] && !stop.facility) stop.facility = titleCaseCity(elements[1].trim());
    else if (id === 'N3' && elements[0]) stop.street = titleCaseCity(elements.filter(Boolean).join(' ').trim());
    else if (id === 'N4' && elements[0] && elements[1]) {
      stop.location = `${titleCaseCity(elements[0].trim())}, ${elements[1].trim()}`;
      stop.address = [stop.street, `${stop.location}${elements[2] ? ` ${elements[2].trim()}` : ''}`].filter(Boolean).join(', ');
    } else if (id === 'L11' && elements[0] && !stop.reference) stop.reference = elements[0].trim();
  }
  return stops.map(({ times, street: _street, ...stop }) => ({ ...stop, ...appointment(times) }));
}

/** A stop's appointment from its times in order: the first its start, a later one its end. */
function appointment(times: string[]): Pick<ExtractedStop, 'appointmentStart' | 'appointmentEnd'> {
  const [start, end] = times;
  if (!start) return {};
  return end && end > start ? { appointmentStart: start, appointmentEnd: end } : { appointmentStart: start };
}

/** A stop section's heading, alone on its line: 'STOP 1 - PICKUP', 'Pick-up #2:', 'DROP 1', 'DELIVERY (FINAL)'. */
const STOP_HEADING =
  /^(?:stop\s*#?\s*\d+\s*[-:–]?\s*)?(pick[\s-]?up|shipper|origin|delivery|drop(?:[\s-]?off)?|consignee|receiver|destination)\s*(?:stop\s*)?(?:#?\s*\d+)?\s*(?:\([^)]*\))?\s*:?$/i;
const PICKUP_HEADING = /^(?:pick|shipper|origin)/i;
/** A line that gives the stop's appointment: a date with a label that says so, or a window. */
const APPOINTMENT_LINE = /\b(?:appt|appointment|window|date|time|ready|arrive|deliver|pick[\s-]?up|fcfs|eta|by)\b/i;
const TIME = /\b([01]?\d|2[0-3]):?([0-5]\d)\b(?!\s*(?:lbs?|%))/g;
/** A pickup or delivery number, a PO or a reference: 'PU#: 557120', 'Delivery # D-88', 'Ref: 4471', 'PO 12'. */
const REFERENCE = /\b(?:pu|pickup|pick[\s-]?up|del|delivery|drop|ref(?:erence)?|po|appt|confirmation|order|so|bol)\s*(?:#|no\.?|number)?\s*[:#]\s*([A-Z0-9][A-Z0-9-]*)|\b(?:pu|po|ref)#\s*([A-Z0-9][A-Z0-9-]*)/i;

/** A rate confirmation's stop sections: a heading, then its lines until a blank line or the next heading. */
function sectionStops(text: string): Partial<ExtractedStop>[] {
  const lines = text.split('\n').map((line) => line.trim());
  const headings = lines.flatMap((line, index) => (STOP_HEADING.test(line) ? [index] : []));
  // Two sections at least, one of them numbered or a 'stop': else it is the spec's pickup and delivery, read as such.
  if (headings.length < 2 || !headings.some((index) => /\d|stop/i.test(lines[index]))) return [];
  const years = [...text.matchAll(/\b(20\d{2})\b/g)].map((match) => Number(match[1]));
  const fallbackYear = years[0] ?? new Date().getUTCFullYear();
  return headings.map((start, number) => {
    const heading = STOP_HEADING.exec(lines[start])!;
    const stop: Partial<ExtractedStop> = { type: PICKUP_HEADING.test(heading[1]) ? 'pickup' : 'delivery' };
    const end = headings[number + 1] ?? lines.length;
    const body: string[] = [];
    for (const line of lines.slice(start + 1, end)) {
      if (!line) {
        if (body.length) break;
        continue;
      }
      body.push(line);
    }
    for (const line of body) {
      const place = [...line.matchAll(PLACE)].at(-1);
      if (place && !stop.location) {
        stop.location = `${titleCaseCity(place[1])}, ${stateCode(place[2])}`;
        stop.address = line;
        continue;
      }
      const date = [...line.matchAll(DATE)][0];
      if (date && !stop.appointmentStart && APPOINTMENT_LINE.test(line)) {
        const day = parseDay(date, fallbackYear);
        if (day) {
          const times = [...line.slice(date.index + date[0].length).matchAll(TIME)].map((time) => timeOfDay(time[1], time[2])).filter(Boolean) as string[];
          Object.assign(stop, appointment(times.length ? times.map((time) => at(day, time)) : [day]));
        }
        continue;
      }
      const reference = REFERENCE.exec(line);
      if (reference && !stop.reference) {
        stop.reference = reference[1] ?? reference[2];
        continue;
      }
      // The facility: the section's first line that is none of the above, a name.
      if (!stop.facility && !stop.location && /[A-Za-z]{2}/.test(line) && !/:/.test(line)) stop.facility = line;
    }
    return stop;
  });
}
