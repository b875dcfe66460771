import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** The colours a badge of one option among several may take (spec 2.12, 2.13: a colour per type, per vendor). */
export type BadgeColor = 'blue' | 'red' | 'yellow' | 'green' | 'purple' | 'orange' | 'amber' | 'gray' | 'cyan' | 'magenta' | 'geekblue' | 'lime';

/** antd's preset tag colours for them: amber is its gold, gray its default tag. */
const PRESET: Record<BadgeColor, string> = {
  blue: 'blue',
  red: 'red',
  yellow: 'yellow',
  green: 'green',
  purple: 'purple',
  orange: 'orange',
  amber: 'gold',
  gray: 'default',
  cyan: 'cyan',
  magenta: 'magenta',
  geekblue: 'geekblue',
  lime: 'lime',
};

/** A badge in a named colour, for options told apart by colour rather than by tone (a fuel vendor, a service type). */
export function ColorBadge({ color, children, title }: { color: BadgeColor; children: ReactNode; title?: string }) {
  return (
    <Tag color={PRESET[color]} title={title} style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      {children}
    </Tag>
  );
}
