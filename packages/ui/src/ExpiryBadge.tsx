import { formatDay } from './display.js';
import { Badge, type BadgeTone } from './StatusBadge.js';
import { expiryOf, type ExpiryState } from './expiry.js';

const EXPIRY_TONES: Record<ExpiryState, BadgeTone> = { expired: 'destructive', expiring: 'warning', valid: 'success' };

/** Spec 4: 'Expired' (destructive), '12d' when 30 days or fewer are left (warning), else 'Valid'. Nothing without a date. */
export function ExpiryBadge({ date, today }: { date: string | null | undefined; today?: Date }) {
  const expiry = expiryOf(date, today);
  if (!expiry || !date) return null;
  return (
    <Badge tone={EXPIRY_TONES[expiry.state]} title={`Expires ${formatDay(date)}`}>
      {expiry.label}
    </Badge>
  );
}
