import { DeleteOutlined, EditOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';

/** The per-row action menu of every list (spec 2.4): a '...' button named 'Open menu' with Edit and Delete. */
export const ROW_MENU_LABEL = 'Open menu';

/**
 * Props for an icon that only decorates: antd icons carry an aria-label ('plus', 'phone') that would otherwise join
 * the accessible name of their button ('plus Add Truck') and answer getByLabel queries.
 */
export const DECORATIVE_ICON = { 'aria-hidden': true, 'aria-label': undefined } as const;

const ITEMS: MenuProps['items'] = [
  { key: 'edit', label: 'Edit', icon: <EditOutlined {...DECORATIVE_ICON} /> },
  { key: 'delete', label: 'Delete', icon: <DeleteOutlined {...DECORATIVE_ICON} />, danger: true },
];

export function RowActions({ onEdit, onDelete, busy = false }: { onEdit: () => void; onDelete: () => void; busy?: boolean }) {
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items: ITEMS, onClick: ({ key }) => (key === 'edit' ? onEdit() : onDelete()) }}
    >
      <Button type="text" aria-label={ROW_MENU_LABEL} icon={<EllipsisOutlined {...DECORATIVE_ICON} />} loading={busy} />
    </Dropdown>
  );
}
