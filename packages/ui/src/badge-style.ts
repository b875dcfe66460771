import type { CSSProperties } from 'react';

/**
 * The look of antd's Tag, drawn with plain elements. A list draws its badges anew for every row it shows, as it
 * scrolls and as the search changes, and a Tag costs three style registrations and a dozen hooks each time. The
 * colours are antd's own CSS variables (its documented CSS-variables mode, on every antd element the app renders
 * in), so a badge follows the theme, light or dark, as the Tag did.
 */
const antd = (token: string) => `var(--ant-${token})`;

/** A Tag's default background: the tertiary fill over the container's colour, opaque as antd computes it. */
const DEFAULT_BACKGROUND = `linear-gradient(${antd('color-fill-tertiary')}, ${antd('color-fill-tertiary')}) ${antd('color-bg-container')}`;

const BASE: CSSProperties = {
  display: 'inline-block',
  boxSizing: 'border-box',
  margin: 0,
  paddingInline: 7,
  fontSize: antd('font-size-sm'),
  lineHeight: `calc(${antd('line-height-sm')} * ${antd('font-size-sm')})`,
  whiteSpace: 'nowrap',
  borderWidth: 1,
  borderStyle: 'solid',
  borderRadius: antd('border-radius-sm'),
  textAlign: 'start',
};

/** A filled Tag: a light background and the colour's text, no visible border. */
export const filledBadge = (background: string, color: string): CSSProperties => ({ ...BASE, background, color, borderColor: 'transparent' });

/** antd's default Tag (no colour), filled or outlined. */
export const defaultBadge = (outlined = false): CSSProperties => ({
  ...BASE,
  background: DEFAULT_BACKGROUND,
  color: antd('color-text'),
  borderColor: outlined ? antd('color-border') : 'transparent',
});

/**
 * The shade of each preset's text that reads at 4.5:1 or more (WCAG AA) on its lightest shade, in both themes: antd's
 * Tag writes its 7th, which is 2:1 for yellow and gold in light mode and 3.4:1 for purple in dark mode. A higher shade
 * is darker in the light palette and lighter in the dark one, so one number serves both; the hue stays the preset's.
 */
const READABLE_SHADE: Record<string, number> = {
  blue: 7, magenta: 7, red: 8, green: 8, purple: 8, orange: 8, cyan: 8, geekblue: 8, yellow: 9, gold: 9, lime: 9,
};

/** A preset colour of antd's Tag ('blue', 'gold', ...), filled: its lightest shade behind a readable darker one. */
export const presetBadge = (preset: string) => filledBadge(antd(`${preset}-1`), antd(`${preset}-${READABLE_SHADE[preset] ?? 8}`));

/** The preset each status colour of antd's Tag is drawn in (its colorSuccess is green, colorWarning gold...). */
const STATUS_PRESETS = { success: 'green', info: 'blue', warning: 'gold', error: 'red' } as const;

/** A status colour ('success', 'info', 'warning', 'error'), filled, as its preset with readable text. */
export const statusBadge = (status: keyof typeof STATUS_PRESETS) => presetBadge(STATUS_PRESETS[status]);

/** A solid badge: the theme's primary colour behind white text (5.2:1 light, 6.4:1 dark; antd's blue-6 is 4.1:1). */
export const solidBadge = (): CSSProperties => ({
  ...BASE,
  background: antd('color-primary'),
  color: antd('color-text-light-solid'),
  borderColor: antd('color-primary'),
});
