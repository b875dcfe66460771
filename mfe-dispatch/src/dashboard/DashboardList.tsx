import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The rows of a dashboard card: one line per record, its details left and right, divided by hairlines. */
export function DashboardList<T extends { id: string }>({ items, render }: { items: readonly T[]; render: (item: T) => ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: '-8px 0', padding: 0 }}>
      {items.map((item, index) => (
        <li
          key={item.id}
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 16,
            padding: '12px 0',
            borderTop: index ? `1px solid ${token.colorBorderSecondary}` : undefined,
          }}
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
