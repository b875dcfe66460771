import { DeleteOutlined, EditOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** The per-row action menu of every list (spec 2.4): a '...' button named 'Open menu' with Edit and Delete. */
export const ROW_MENU_LABEL = 'Open menu';

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

/**
 * The row's '...' button. Its Dropdown mounts on the first click only: a list draws every row anew as it scrolls and
 * as the search changes, and a Dropdown per row was a third of the cost of a search keystroke. Mounting it moves the
 * button in the tree, so the button takes the focus back (a keyboard user opened the menu with it).
 */
export function RowActions({
  onEdit,
  onDelete,
  busy = false,
  actions = [],
}: {
  onEdit: () => void;
  onDelete: () => void;
  busy?: boolean;
  actions?: readonly RowAction[];
}) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const focusOnMount = useRef(false);
  useEffect(() => {
    if (!mounted || !focusOnMount.current) return;
    focusOnMount.current = false;
    button.current?.focus();
  }, [mounted]);

  const trigger = (
    <Button
      ref={button}
      type="text"
      aria-label={ROW_MENU_LABEL}
      aria-haspopup="menu"
      aria-expanded={open}
      icon={<EllipsisOutlined {...DECORATIVE_ICON} />}
      loading={busy}
      onClick={
        mounted
          ? undefined
          : (event) => {
              focusOnMount.current = event.currentTarget === document.activeElement;
              setMounted(true);
              setOpen(true);
            }
      }
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
        items: [EDIT_ITEM, ...actions.map(({ onClick, ...item }) => item), DELETE_ITEM] satisfies MenuProps['items'],
        onClick: ({ key }) => {
          setOpen(false);
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
