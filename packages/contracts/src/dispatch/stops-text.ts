import { isCalendarDay } from '../fields.js';
import { instantIn } from '../time-zone.js';
import { STOP_TYPE_LABELS, STOP_TYPES, type StopType } from './stop.js';

/** A stop as its readable text gives it: what a create takes of it, and its appointment as written. */
export interface StopText {
  /** 'pickup' or 'delivery'; another word as written, for the schema to refuse naming the stop. */
  type: StopType | string;
  location: string;
  /** ISO instants; a day or time that is no real one stays as written, for the schema's message. */
  appointmentStart: string | null;
  appointmentEnd: string | null;
  /** The appointment as the text wrote it ('2026-11-03 08:00-10:00'; '' for none): appointmentText's form. */
  appointment: string;
}

const DAY = String.raw`\d{4}-\d{2}-\d{2}`;
const TIME = String.raw`\d{2}:\d{2}`;
/** appointmentText's forms, at the end of a stop: a day, a time, a time range within the day, or 'DAY TIME to DAY TIME'. */
const APPOINTMENT = new RegExp(`(?:^|\\s)((${DAY})(?: (${TIME})(?:-(${TIME})| to (${DAY}) (${TIME}))?)?)$`);
/** What happened at a stop, as stopsSummary writes it after the appointment: ', arrived 2026-11-03 08:12 (GPS)'. */
const HAPPENED = /,\s*(?:arrived|departed)\s+\S+\s+\S+\s+\([^)]*\)\s*$/i;

const TYPE_OF = new Map<string, StopType>(STOP_TYPES.flatMap((type) => [[type, type], [STOP_TYPE_LABELS[type].toLowerCase(), type]]));

/**
 * Reads a load's stops from the readable line stopsSummary writes (the loads CSV export's stops column), for CSV
 * import: 'Pickup Dallas, TX 2026-11-03 08:00-10:00, arrived 2026-11-03 08:12 (GPS); Delivery Tulsa, OK 2026-11-04'.
 * Stops are separated by ';'. Each is its type ('Pickup' or 'Delivery', any case), its location, then optionally its
 * appointment in the company's time zone `timeZone` as appointmentText writes it: a day (the whole day, 00:00 to
 * 23:59), 'YYYY-MM-DD HH:MM' (one time, read as the start), 'YYYY-MM-DD HH:MM-HH:MM', or 'YYYY-MM-DD HH:MM to
 * YYYY-MM-DD HH:MM'. What happened there (', arrived ... (GPS)', ', departed ...') is read past and never taken: a
 * file does not say what a truck did. The stops are then checked as a create checks them (stopsInputSchema), whose
 * messages name the stop.
 */
export function readStopsText(text: string, timeZone: string): StopText[] {
  return text.split(';').map((part) => {
    let said = part.trim();
    while (HAPPENED.test(said)) said = said.replace(HAPPENED, '').trim();
    const [word = '', ...rest] = said.split(/\s+/);
    const place = said.slice(word.length).trim();
    const appointment = rest.length ? APPOINTMENT.exec(place) : null;
    const location = appointment ? place.slice(0, appointment.index).trim() : place;
    return { type: TYPE_OF.get(word.toLowerCase()) ?? word, location, ...readAppointment(appointment, timeZone) };
  });
}

/** An appointment's instants from APPOINTMENT's match (none: no appointment). */
function readAppointment(match: RegExpExecArray | null, timeZone: string): Pick<StopText, 'appointmentStart' | 'appointmentEnd' | 'appointment'> {
  if (!match) return { appointmentStart: null, appointmentEnd: null, appointment: '' };
  const [, written, day, time, endTime, endDay, endDayTime] = match;
  const at = (on: string, clock: string) => {
    const [hours, minutes] = clock.split(':').map(Number);
    return isCalendarDay(on) && hours < 24 && minutes < 60 ? instantIn(timeZone, on, clock).toISOString() : `${on} ${clock}`;
  };
  // A day that is none is said once, as the start.
  if (!time) return { appointmentStart: isCalendarDay(day) ? at(day, '00:00') : day, appointmentEnd: isCalendarDay(day) ? at(day, '23:59') : null, appointment: written };
  const end = endTime ? at(day, endTime) : endDay ? at(endDay, endDayTime) : null;
  return { appointmentStart: at(day, time), appointmentEnd: end, appointment: written };
}
