import { Tag, type TagProps } from 'antd';

/** How a badge looks; each screen says which tone each of its statuses gets. */
export type BadgeTone = 'success' | 'info' | 'warning' | 'destructive' | 'neutral' | 'primary' | 'secondary' | 'outline';

const TONE_PROPS: Record<BadgeTone, Pick<TagProps, 'color' | 'variant'>> = {
  success: { color: 'success' },
  info: { color: 'processing' },
  warning: { color: 'warning' },
  destructive: { color: 'error' },
  neutral: { color: 'default' },
  primary: { color: 'blue', variant: 'solid' },
  secondary: { color: 'default', variant: 'filled' },
  outline: { color: 'default', variant: 'outlined' },
};

export function Badge({ tone = 'neutral', children, title }: { tone?: BadgeTone; children: React.ReactNode; title?: string }) {
  return (
    <Tag {...TONE_PROPS[tone]} title={title} style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      {children}
    </Tag>
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
