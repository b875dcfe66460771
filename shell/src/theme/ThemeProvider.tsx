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
      token: THEME_SEED,
      components: {
        // The sidebar's icon rail is 3rem wide (spec 9).
        Menu: { collapsedWidth: 48, itemMarginInline: 8, activeBarBorderWidth: 0 },
        Layout: { headerHeight: 56, headerPadding: '0 16px' },
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
