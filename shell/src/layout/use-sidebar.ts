import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebar-state.js';

/** Spec 9: below 768 px the sidebar is a slide-in panel. */
const MOBILE_QUERY = '(max-width: 767.98px)';

function useIsMobile(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(MOBILE_QUERY);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
  );
}

export interface SidebarState {
  isMobile: boolean;
  /** Desktop: expanded (true) or an icon rail (false); remembered in the sidebar_state cookie. */
  open: boolean;
  /** Mobile: whether the slide-in panel is showing. */
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
  toggle: () => void;
}

export function useSidebar(): SidebarState {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(() => readSidebarOpen(document.cookie));
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((current) => !current);
      return;
    }
    setOpen((current) => !current);
  }, [isMobile]);

  useEffect(() => {
    document.cookie = sidebarCookie(open);
  }, [open]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  // Leaving the mobile layout closes the panel, so it does not pop up when the window narrows again.
  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  return { isMobile, open, mobileOpen, setMobileOpen, toggle };
}
