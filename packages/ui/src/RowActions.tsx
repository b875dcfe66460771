import { DeleteOutlined, EditOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** The per-row action menu of every list (spec 2.4): a '...' button named for its row, with Edit and Delete. */
export const rowMenuLabel = (rowName: string) => (rowName ? `Actions for ${rowName}` : 'Actions');

/**
 * Props for an icon that only decorates: antd icons carry an aria-label ('plus', 'phone') that would otherwise join
 * the accessible name of their button ('plus Add Truck') and answer getByLabel queries.
 */
export const DECORATIVE_ICON = { 'aria-hidden': true, 'aria-label': undefined } as const;

/** An item a screen adds to a row's menu, between Edit and Delete ('Create Invoice', 'Download Invoice'). */
export interface RowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: () => void;
}

const EDIT_ITEM = { key: 'edit', label: 'Edit', icon: <EditOutlined {...DECORATIVE_ICON} /> };
const DELETE_ITEM = { key: 'delete', label: 'Delete', icon: <DeleteOutlined {...DECORATIVE_ICON} />, danger: true };

/** Moves the focus to the open menu's first item, once antd has drawn it (or shown it again: hidden, it takes no focus). */
function focusFirstItem(menuId: string, tries = 20) {
  const item = document.getElementById(menuId)?.querySelector<HTMLElement>('[role="menuitem"]');
  item?.focus();
  if (document.activeElement !== item && tries > 0) requestAnimationFrame(() => focusFirstItem(menuId, tries - 1));
}

/**
 * The row's '...' button, named for its row ('Actions for T-124'). Its Dropdown mounts on first use only: a list
 * draws every row anew as it scrolls and as the search changes, and a Dropdown per row was a third of the cost of a
 * search keystroke. The keyboard works as in a menu button: Enter, Space or Arrow Down opens the menu on its first
 * item, the arrow keys move in it, Escape closes it and returns to the button. A chosen item gives the focus back to
 * the button before it acts, so the dialog it opens (Edit) returns there when it closes, as does a refused confirm.
 */
export function RowActions({
  rowName,
  onEdit,
  onDelete,
  busy = false,
  actions = [],
}: {
  /** The row's first column as text ('T-124'). */
  rowName: string;
  onEdit: () => void;
  onDelete: () => void;
  busy?: boolean;
  actions?: readonly RowAction[];
}) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const focusOnOpen = useRef<'button' | 'item' | null>(null);
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    // Mounting the Dropdown moves the button in the tree, which loses the focus a keyboard user had on it.
    button.current?.focus();
    if (target === 'item') focusFirstItem(menuId);
  }, [open, menuId]);

  // A menu closed with the focus in it (Escape, an item chosen) gives the focus back to its button.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const active = document.activeElement;
    if (active === document.body || document.getElementById(menuId)?.contains(active)) button.current?.focus();
  }, [open, menuId]);

  const openMenu = (focus: 'button' | 'item' | null) => {
    focusOnOpen.current = focus;
    setMounted(true);
    setOpen(true);
  };

  const trigger = (
    <Button
      ref={button}
      type="text"
      aria-label={rowMenuLabel(rowName)}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      icon={<EllipsisOutlined {...DECORATIVE_ICON} />}
      loading={busy}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' || open) return;
        event.preventDefault();
        openMenu('item');
      }}
      onClick={(event) => {
        // event.detail is 0 for a click made with Enter or Space: the keyboard user lands on the first item.
        const byKeyboard = event.detail === 0;
        if (!mounted) openMenu(byKeyboard ? 'item' : event.currentTarget === document.activeElement ? 'button' : null);
        else if (!open && byKeyboard) openMenu('item');
      }}
    />
  );
  if (!mounted) return trigger;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      menu={{
        id: menuId,
        'aria-label': rowMenuLabel(rowName),
        items: [EDIT_ITEM, ...actions.map(({ onClick, ...item }) => item), DELETE_ITEM] satisfies MenuProps['items'],
        onClick: ({ key }) => {
          setOpen(false);
          button.current?.focus();
          if (key === EDIT_ITEM.key) onEdit();
          else if (key === DELETE_ITEM.key) onDelete();
          else actions.find((action) => action.key === key)?.onClick();
        },
      }}
    >
      {trigger}
    </Dropdown>
  );
}
