/**
 * Spec 9's toast gestures on antd's notifications: F8 moves the focus to the toast, and a swipe of 50 px or more to
 * the right dismisses it (a shorter one springs back). Installed once by the shell, which owns the toast region.
 */
export const TOAST_FOCUS_HOTKEY = 'F8';
export const TOAST_SWIPE_THRESHOLD_PX = 50;

const NOTICE = '.ant-notification-notice';
const CLOSE = '.ant-notification-notice-close';

/** How far a drag that started at `startX` has moved the toast: only to the right. */
export const swipeOffset = (startX: number, x: number) => Math.max(0, x - startX);
export const swipeDismisses = (offset: number) => offset >= TOAST_SWIPE_THRESHOLD_PX;

/** Listens on the document; returns the function that stops listening. */
export function installToastGestures(doc: Document): () => void {
  let drag: { notice: HTMLElement; startX: number; offset: number } | null = null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== TOAST_FOCUS_HOTKEY) return;
    const notice = doc.querySelector<HTMLElement>(NOTICE);
    if (!notice) return;
    event.preventDefault();
    notice.tabIndex = -1;
    notice.focus();
  };

  const onPointerDown = (event: PointerEvent) => {
    const notice = (event.target as Element | null)?.closest?.<HTMLElement>(NOTICE);
    if (!notice || event.button !== 0 || (event.target as Element).closest(CLOSE)) return;
    drag = { notice, startX: event.clientX, offset: 0 };
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    drag.offset = swipeOffset(drag.startX, event.clientX);
    drag.notice.style.transition = 'none';
    drag.notice.style.transform = `translateX(${drag.offset}px)`;
  };

  const onPointerUp = () => {
    if (!drag) return;
    const { notice, offset } = drag;
    drag = null;
    notice.style.transition = '';
    if (swipeDismisses(offset)) notice.querySelector<HTMLElement>(CLOSE)?.click();
    else notice.style.transform = '';
  };

  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('pointerdown', onPointerDown);
  doc.addEventListener('pointermove', onPointerMove);
  doc.addEventListener('pointerup', onPointerUp);
  doc.addEventListener('pointercancel', onPointerUp);
  return () => {
    doc.removeEventListener('keydown', onKeyDown);
    doc.removeEventListener('pointerdown', onPointerDown);
    doc.removeEventListener('pointermove', onPointerMove);
    doc.removeEventListener('pointerup', onPointerUp);
    doc.removeEventListener('pointercancel', onPointerUp);
  };
}
