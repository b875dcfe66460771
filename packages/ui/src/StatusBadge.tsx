import type { CSSProperties, ReactNode } from 'react';
import { defaultBadge, solidBadge, statusBadge } from './badge-style.js';

/** How a badge looks; each screen says which tone each of its statuses gets. */
export type BadgeTone = 'success' | 'info' | 'warning' | 'destructive' | 'neutral' | 'primary' | 'secondary' | 'outline';

/** Each tone as the antd Tag it was, in readable shades: a status colour, the default tag (filled or outlined), or solid primary. */
const TONE_STYLES: Record<BadgeTone, CSSProperties> = {
  success: statusBadge('success'),
  info: statusBadge('info'),
  warning: statusBadge('warning'),
  destructive: statusBadge('error'),
  neutral: defaultBadge(),
  primary: solidBadge(),
  secondary: defaultBadge(),
  outline: defaultBadge(true),
};

export function Badge({ tone = 'neutral', children, title }: { tone?: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span title={title} style={TONE_STYLES[tone]}>
      {children}
    </span>
  );
}

export interface StatusBadgeProps {
  status: string | null | undefined;
  /** The label of each known status (from packages/contracts). */
  labels: Readonly<Record<string, string>>;
  /** The tone of each known status; a known status without one is neutral. */
  tones?: Readonly<Partial<Record<string, BadgeTone>>>;
}

/** Spec 4: a label per status; an unknown status shows its raw text in a neutral badge. */
export function StatusBadge({ status, labels, tones = {} }: StatusBadgeProps) {
  if (!status) return null;
  const known = Object.hasOwn(labels, status);
  return <Badge tone={known ? (tones[status] ?? 'neutral') : 'neutral'}>{known ? labels[status] : status}</Badge>;
}
