import { cssVar, FONT_FAMILY, paletteCss } from './palette.js';
import type { ThemeMode } from './theme-storage.js';

/** Light or dark for the whole page: native controls and scrollbars, and the palette's CSS variables. */
export function applyDocumentTheme(mode: ThemeMode): void {
  document.documentElement.style.colorScheme = mode;
  document.documentElement.dataset.theme = mode;
}

const DOCUMENT_CSS =
  paletteCss() +
  `body{margin:0;font-family:${FONT_FAMILY};font-size:14px;line-height:1.5714285714285714;` +
  `color:${cssVar('colorText')};background:${cssVar('colorBgLayout')}}` +
  // The skip link (AppLayout) is out of sight until the keyboard reaches it.
  `.tms-skip-link{position:fixed;left:8px;top:-100px;z-index:1100;padding:8px 16px;border-radius:8px;` +
  `background:${cssVar('colorBgContainer')};color:${cssVar('colorText')};text-decoration:underline}` +
  `.tms-skip-link:focus{top:8px;box-shadow:${cssVar('boxShadowSecondary')};outline:2px solid ${cssVar('colorPrimary')};outline-offset:2px}`;

/** The page's base styles and palette, for the landing page and the signed-in app alike. */
export function DocumentStyles() {
  return (
    <style href="tms-document" precedence="default">
      {DOCUMENT_CSS}
    </style>
  );
}
