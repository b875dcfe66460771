import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { applyDocumentTheme } from './document-theme.js';
import { THEME_SEED } from './palette.js';
import { otherTheme, readTheme, writeTheme, type ThemeMode } from './theme-storage.js';

const ThemeModeContext = createContext<{ mode: ThemeMode; toggle: () => void }>({ mode: 'light', toggle: () => {} });

/** The light or dark theme and the control that switches it. */
export const useThemeMode = () => useContext(ThemeModeContext);

/** Spec 9: tooltips open after 700 ms. (antd has no skip delay; its `unique` option would stand in but hides them.) */
const TOOLTIP = { mouseEnterDelay: 0.7 } as const;

/**
 * Text colours darkened (light) or lightened (dark) from antd's defaults so that every text reads at 4.5:1 or more
 * (WCAG AA) on the page, a card and a hovered row: secondary text, group titles and a choice list's placeholder
 * (antd's 0.45 and 0.25 alphas are 3.3:1 and 1.8:1),
 * links, the danger, success and warning texts, and the dark theme's selected menu item and tab (2.1:1 and 3.3:1 in blue).
 */
const READABLE = {
  light: {
    // colorError itself too: antd's #ff4d4f is 3.3:1 as a danger button's text and behind a solid one's white text.
    token: { colorTextDescription: 'rgba(0,0,0,0.6)', colorTextTertiary: 'rgba(0,0,0,0.6)', colorTextPlaceholder: 'rgba(0,0,0,0.56)', colorLink: '#2563eb', colorError: '#cf1322', colorErrorText: '#cf1322', colorSuccessText: '#237804', colorWarningText: '#874d00' },
    menu: {},
    tabs: {},
  },
  dark: {
    token: { colorTextDescription: 'rgba(255,255,255,0.6)', colorTextTertiary: 'rgba(255,255,255,0.6)', colorTextPlaceholder: 'rgba(255,255,255,0.5)', colorLink: '#65a9f3', colorError: '#ff6b6b', colorErrorText: '#f37370' },
    menu: { itemSelectedColor: '#8dc5f8' },
    tabs: { itemSelectedColor: '#65a9f3', itemActiveColor: '#65a9f3', inkBarColor: '#65a9f3' },
  },
} as const satisfies Record<ThemeMode, { token: ThemeConfig['token']; menu: object; tabs: object }>;

/** The antd theme every front end renders in: remotes get it through the shared antd singleton. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(() => readTheme(window.localStorage));

  const toggle = useCallback(() => {
    setMode((current) => {
      const next = otherTheme(current);
      writeTheme(window.localStorage, next);
      return next;
    });
  }, []);

  useEffect(() => applyDocumentTheme(mode), [mode]);

  const config = useMemo<ThemeConfig>(
    () => ({
      algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      token: { ...THEME_SEED, ...READABLE[mode].token },
      components: {
        // The sidebar's icon rail is 3rem wide (spec 9).
        Menu: { collapsedWidth: 48, itemMarginInline: 8, activeBarBorderWidth: 0, ...READABLE[mode].menu },
        Layout: { headerHeight: 56, headerPadding: '0 16px' },
        Tabs: READABLE[mode].tabs,
      },
    }),
    [mode],
  );

  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ConfigProvider theme={config} tooltip={TOOLTIP}>
        {children}
      </ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
