/** Spec 9: the sidebar's open/closed state lives in the cookie sidebar_state for 7 days; it starts open. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Whether the sidebar is open, read from a `document.cookie` string. */
export function readSidebarOpen(cookies: string): boolean {
  for (const pair of cookies.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === SIDEBAR_COOKIE) return value.join('=') !== 'false';
  }
  return true;
}

/** The `document.cookie` assignment that remembers the state. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B, or Cmd+B on a Mac, toggles the sidebar. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
