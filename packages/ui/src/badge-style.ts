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

/** A status colour of antd's Tag ('success', 'info', 'warning', 'error'), filled. */
export const statusBadge = (status: 'success' | 'info' | 'warning' | 'error') => filledBadge(antd(`color-${status}-bg`), antd(`color-${status}`));

/** A preset colour of antd's Tag ('blue', 'gold', ...), filled: its lightest shade behind its 7th. */
export const presetBadge = (preset: string) => filledBadge(antd(`${preset}-1`), antd(`${preset}-7`));

/** A preset colour of antd's Tag, solid: its 6th shade behind white text. */
export const solidBadge = (preset: string): CSSProperties => ({
  ...BASE,
  background: antd(`${preset}-6`),
  color: antd('color-text-light-solid'),
  borderColor: antd(`${preset}-6`),
});
