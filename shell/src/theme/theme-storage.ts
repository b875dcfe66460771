/** Spec 9: the theme is kept in local storage under the key theme, with values light or dark; light by default. */
export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function readTheme(storage: Storage | undefined): ThemeMode {
  try {
    return storage?.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light'; // storage disabled by the browser
  }
}

export function writeTheme(storage: Storage | undefined, mode: ThemeMode): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Storage disabled or full: the choice lasts for this page only.
  }
}

export function otherTheme(mode: ThemeMode): ThemeMode {
  return mode === 'dark' ? 'light' : 'dark';
}
