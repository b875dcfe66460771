import type { CSSProperties, ReactNode } from 'react';
import { defaultBadge, presetBadge } from './badge-style.js';

/** The colours a badge of one option among several may take (spec 2.12, 2.13: a colour per type, per vendor). */
export type BadgeColor = 'blue' | 'red' | 'yellow' | 'green' | 'purple' | 'orange' | 'amber' | 'gray' | 'cyan' | 'magenta' | 'geekblue' | 'lime';

/** antd's preset tag colours for them: amber is its gold, gray its default tag. */
const COLOR_STYLES: Record<BadgeColor, CSSProperties> = {
  blue: presetBadge('blue'),
  red: presetBadge('red'),
  yellow: presetBadge('yellow'),
  green: presetBadge('green'),
  purple: presetBadge('purple'),
  orange: presetBadge('orange'),
  amber: presetBadge('gold'),
  gray: defaultBadge(),
  cyan: presetBadge('cyan'),
  magenta: presetBadge('magenta'),
  geekblue: presetBadge('geekblue'),
  lime: presetBadge('lime'),
};

/** A badge in a named colour, for options told apart by colour rather than by tone (a fuel vendor, a service type). */
export function ColorBadge({ color, children, title }: { color: BadgeColor; children: ReactNode; title?: string }) {
  return (
    <span title={title} style={COLOR_STYLES[color]}>
      {children}
    </span>
  );
}
