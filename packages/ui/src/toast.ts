import { App, Button } from 'antd';
import { createElement } from 'react';

/** Spec 2.2 and 9: at most one toast at a time, 5 s each, in a region up to 420 px wide. */
export const TOAST_CONFIG = { maxCount: 1, duration: 5, placement: 'topRight' } as const;
export const TOAST_MAX_WIDTH = 420;

/** Toasts through the shell's antd App, so every remote shares its single toast region. */
export function useToast() {
  const { notification } = App.useApp();
  return {
    /** A failure: a destructive toast titled 'Error'; `reason`, when the server gave one, on a line of its own. */
    error: (description: string, reason?: string) =>
      notification.error({
        title: 'Error',
        description: reason ? `${description}\n${reason}` : description,
        style: { maxWidth: TOAST_MAX_WIDTH, whiteSpace: 'pre-line' },
      }),
    /** A success; `undo`, when the change can be taken back from the toast itself (a load's status step). */
    success: (title: string, description?: string, undo?: () => void) => {
      const key = `success-${Date.now()}`;
      const actions = undo
        ? createElement(Button, { size: 'small', onClick: () => (notification.destroy(key), undo()) }, 'Undo')
        : undefined;
      notification.success({ key, title, description, actions, style: { maxWidth: TOAST_MAX_WIDTH } });
    },
  };
}
