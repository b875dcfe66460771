import { useLayoutEffect, useState } from 'react';

/** Room left below the table for the page's bottom padding. */
const BOTTOM_GAP = 24;
/** Fewer rows than this height holds are no use: on a window this short the page scrolls instead. */
const MIN_BODY_HEIGHT = 240;

/**
 * The height of a virtual table's body that makes the table end just above the bottom of the window (with the page
 * scrolled to its top): the screen fits the window, only the rows scroll, and the column headers stay in view.
 * Follows the window's size, and the layout around the table (a change of its width: the sidebar folding, the
 * switch to the mobile layout, which comes a render after the window's resize). `table` holds the table.
 */
export function useTableBodyHeight(table: HTMLElement | null): number {
  const [height, setHeight] = useState(MIN_BODY_HEIGHT);
  useLayoutEffect(() => {
    if (!table) return;
    const fit = () => {
      const top = table.getBoundingClientRect().top + window.scrollY;
      const header = table.querySelector('thead')?.getBoundingClientRect().height ?? 0;
      setHeight(Math.max(MIN_BODY_HEIGHT, Math.floor(window.innerHeight - top - header - BOTTOM_GAP)));
    };
    fit();
    window.addEventListener('resize', fit);
    const layout = new ResizeObserver(fit);
    layout.observe(table);
    return () => {
      window.removeEventListener('resize', fit);
      layout.disconnect();
    };
  }, [table]);
  return height;
}
