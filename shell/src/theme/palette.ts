import type { ThemeMode } from './theme-storage.js';

/** The seed of the antd theme every front end renders in (the shell's ThemeProvider). */
export const THEME_SEED = { colorPrimary: '#2563eb', borderRadius: 8 } as const;

/**
 * The antd theme's colours that the page draws without antd (the landing page, the brand mark), by antd token name,
 * as antd derives them from THEME_SEED in each mode (palette.spec.ts checks that they still do). The landing page
 * must not wait for antd, so they are written out here.
 */
export const PALETTE = {
  light: {
    colorBgLayout: '#f5f5f5',
    colorBgContainer: '#ffffff',
    colorBorder: '#d9d9d9',
    colorBorderSecondary: '#f0f0f0',
    colorText: 'rgba(0,0,0,0.88)',
    colorTextSecondary: 'rgba(0,0,0,0.65)',
    colorPrimary: '#2563eb',
    colorPrimaryHover: '#4f8af7',
    colorPrimaryActive: '#1647c4',
    colorPrimaryBg: '#f0f7ff',
    colorPrimaryBorder: '#a3c9ff',
    colorFillQuaternary: 'rgba(0,0,0,0.02)',
    colorSuccess: '#52c41a',
    colorSuccessBg: '#f6ffed',
    colorInfo: '#1677ff',
    colorInfoBg: '#e6f4ff',
    controlOutline: 'rgba(5,122,255,0.06)',
    blue1: '#e6f4ff',
    blue7: '#0958d9',
    purple1: '#f9f0ff',
    purple8: '#391085',
    green8: '#237804',
    boxShadowSecondary: '0 6px 16px 0 rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12), 0 9px 28px 8px rgba(0,0,0,0.05)',
  },
  dark: {
    colorBgLayout: '#000000',
    colorBgContainer: '#141414',
    colorBorder: '#424242',
    colorBorderSecondary: '#303030',
    colorText: 'rgba(255,255,255,0.85)',
    colorTextSecondary: 'rgba(255,255,255,0.65)',
    colorPrimary: '#2257cb',
    colorPrimaryHover: '#497ee0',
    colorPrimaryActive: '#1f47a0',
    colorPrimaryBg: '#192c55',
    colorPrimaryBorder: '#192c55',
    colorFillQuaternary: 'rgba(255,255,255,0.04)',
    colorSuccess: '#49aa19',
    colorSuccessBg: '#162312',
    colorInfo: '#1668dc',
    colorInfoBg: '#111a2c',
    controlOutline: 'rgba(38,106,252,0.28)',
    blue1: '#111a2c',
    blue7: '#3c89e8',
    purple1: '#1a1325',
    purple8: '#ab7ae0',
    green8: '#8fd460',
    boxShadowSecondary:
      '0 6px 16px 0 rgba(255,255,255,0.016), 0 3px 6px -4px rgba(255,255,255,0.024), 0 9px 28px 8px rgba(255,255,255,0.010000000000000002)',
  },
} as const satisfies Record<ThemeMode, Record<string, string>>;

/** antd's fontFamily token, for text drawn outside antd components. */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, " +
  "'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

export type PaletteToken = keyof (typeof PALETTE)['light'];

/** The CSS variable that holds a palette colour: colorPrimaryBg → --tms-color-primary-bg. */
const cssVarName = (token: PaletteToken) => `--tms-${token.replace(/[A-Z]|\d+/g, (part) => `-${part.toLowerCase()}`)}`;

/** A palette colour in CSS, following the theme: `color: ${cssVar('colorText')}`. */
export const cssVar = (token: PaletteToken) => `var(${cssVarName(token)})`;

/** The palette as CSS variables on <html>, switched by its data-theme attribute. */
export function paletteCss(): string {
  const declarations = (mode: ThemeMode) =>
    Object.entries(PALETTE[mode])
      .map(([token, value]) => `${cssVarName(token as PaletteToken)}:${value};`)
      .join('');
  return `:root{${declarations('light')}}:root[data-theme='dark']{${declarations('dark')}}`;
}
