import { chargeAmount } from './charge.js';
import type { ChargeTerms } from './charge-terms.js';

/**
 * Detention at a stop (issue 43), one pure rule that svc-core drafts lines with and the Charges drawer shows as a
 * clock: the time runs from the later of the appointment's start and the arrival to the departure (or `now`, while
 * the truck waits), less the free hours, rounded up to the billing increment, capped. A truck that arrived after
 * its appointment's end (or after its one time) is a late arrival: not billable. Worked in whole milliseconds; the
 * billed hours to the hundredth (half up) and the amount as hours × rate to the cent (chargeAmount), as a line has.
 */
export type DetentionState =
  /** Not arrived yet: no clock. */
  | 'not-arrived'
  /** Arrived after its appointment: shown, never drafted. */
  | 'late-arrival'
  /** Waiting, inside the free time. */
  | 'free-time'
  /** Waiting past the free time: detention runs. */
  | 'running'
  /** Departed within the free time: nothing to bill. */
  | 'none'
  /** Departed past the free time: a line to draft. */
  | 'billable';

export const DETENTION_STATE_LABELS: Record<DetentionState, string> = {
  'not-arrived': 'Not arrived',
  'late-arrival': 'Late arrival: not billable',
  'free-time': 'In free time',
  running: 'Detention running',
  none: 'No detention',
  billable: 'Detention billable',
};

export interface DetentionStop {
  appointmentStart: string | null;
  appointmentEnd: string | null;
  arrivedAt: string | null;
  departedAt: string | null;
}

export type DetentionTerms = Pick<ChargeTerms, 'detentionFreeHours' | 'detentionRatePerHour' | 'detentionCapHours' | 'billingIncrementMinutes'>;

export interface Detention {
  state: DetentionState;
  /** When the clock started: the later of the appointment's start and the arrival. */
  clockStartsAt: string | null;
  /** When the free time ends and detention starts. */
  detentionStartsAt: string | null;
  /** Whole minutes waited, from the clock's start to the departure (or now). */
  waitedMinutes: number;
  /** Minutes billed: past the free time, rounded up to the increment, capped (0 when none, or a late arrival). */
  billedMinutes: number;
  /** The billed time in hours to the hundredth ('1.25'), as a line's quantity. */
  hours: string;
  /** hours × rate per hour, to the cent. */
  amount: string;
  /** The cap cut the billed time. */
  capped: boolean;
}

const MS_PER_HUNDREDTH_HOUR = 36_000;
const MS_PER_MINUTE = 60_000;

/** Hundredths of '2.5', '2.00' (hours). */
const hundredths = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/** Milliseconds as hours to the hundredth, half up: '1.25'. */
function hoursText(ms: number): string {
  const h = Math.floor((ms * 2 + MS_PER_HUNDREDTH_HOUR) / (MS_PER_HUNDREDTH_HOUR * 2));
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
}

const time = (at: string | null) => (at ? Date.parse(at) : null);

/** The detention at a stop under `terms`, by its times; a stop still waited at is counted to `now`. */
export function detentionAt(stop: DetentionStop, terms: DetentionTerms, now: Date = new Date()): Detention {
  const none = (state: DetentionState, extra: Partial<Detention> = {}): Detention => ({
    state, clockStartsAt: null, detentionStartsAt: null, waitedMinutes: 0, billedMinutes: 0, hours: '0.00', amount: '0.00', capped: false, ...extra,
  });
  const arrived = time(stop.arrivedAt);
  if (arrived === null) return none('not-arrived');
  const start = time(stop.appointmentStart);
  const end = time(stop.appointmentEnd) ?? start;
  if (end !== null && arrived > end) return none('late-arrival');
  const clock = start !== null && start > arrived ? start : arrived;
  const free = hundredths(terms.detentionFreeHours) * MS_PER_HUNDREDTH_HOUR;
  const departed = time(stop.departedAt);
  const until = departed ?? now.getTime();
  const waited = Math.max(0, until - clock);
  const base = { clockStartsAt: new Date(clock).toISOString(), detentionStartsAt: new Date(clock + free).toISOString(), waitedMinutes: Math.floor(waited / MS_PER_MINUTE) };
  const over = waited - free;
  if (over <= 0) return none(departed === null ? 'free-time' : 'none', base);
  const increment = terms.billingIncrementMinutes * MS_PER_MINUTE;
  const rounded = Math.ceil(over / increment) * increment;
  const cap = terms.detentionCapHours === null ? Infinity : hundredths(terms.detentionCapHours) * MS_PER_HUNDREDTH_HOUR;
  const billed = Math.min(rounded, cap);
  const hours = hoursText(billed);
  return {
    ...base,
    state: departed === null ? 'running' : 'billable',
    billedMinutes: Math.round(billed / MS_PER_MINUTE),
    hours,
    amount: chargeAmount(hours, terms.detentionRatePerHour)!,
    capped: rounded > cap,
  };
}

/** 'Detention at Acme DC: waited 3 h 20 min, 1.25 h billed after 2 h free'. */
export function detentionDescription(place: string, detention: Detention, terms: DetentionTerms): string {
  const hours = (text: string) => `${text.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1')} h`;
  const waited = `${Math.floor(detention.waitedMinutes / 60)} h ${detention.waitedMinutes % 60} min`;
  return `Detention at ${place}: waited ${waited}, ${hours(detention.hours)} billed after ${hours(terms.detentionFreeHours)} free${detention.capped ? ' (capped)' : ''}`;
}

/** How long before the free time ends a stop shows in Needs Attention: brokers want notice before, not after. */
export const DETENTION_NOTICE_MINUTES = 30;
