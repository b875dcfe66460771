import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebar-state.js';

const key = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...modifiers,
});

describe('sidebar state cookie', () => {
  it('starts open when nothing was remembered', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('theme=dark; other=1')).toBe(true);
  });

  it('reads back what was written, among other cookies', () => {
    for (const open of [true, false]) {
      const written = sidebarCookie(open).split(';')[0];
      expect(readSidebarOpen(`a=1; ${written}; b=2`)).toBe(open);
    }
  });

  it('does not mistake a similarly named cookie for the sidebar state', () => {
    expect(readSidebarOpen('old_sidebar_state=false')).toBe(true);
  });

  it('keeps the state for 7 days on the whole site', () => {
    expect(sidebarCookie(false)).toMatch(/^sidebar_state=false;/);
    expect(sidebarCookie(true)).toContain('max-age=604800');
    expect(sidebarCookie(true)).toContain('path=/');
  });
});

describe('sidebar shortcut', () => {
  it('is Ctrl+B or Cmd+B, whatever the caps lock', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { ctrlKey: true }))).toBe(true);
  });

  it('leaves plain typing and other shortcuts alone', () => {
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});
