import type { CSSProperties, ReactNode } from 'react';
import { columnTitle } from './list-csv.js';
import type { ResourceColumn } from './resource-column.js';

/** Facts a card shows when no column asks for its place on it: the row's name and three more. */
const DEFAULT_CARD_FACTS = 4;

/** The columns a phone's row card shows: those marked `card`, else the first four. */
export const cardColumns = <T,>(columns: readonly ResourceColumn<T>[]): readonly ResourceColumn<T>[] =>
  columns.some((column) => column.card) ? columns.filter((column) => column.card) : columns.slice(0, DEFAULT_CARD_FACTS);

const FACTS: CSSProperties = { display: 'grid', gridTemplateColumns: 'minmax(72px, max-content) minmax(0, 1fr)', gap: '4px 12px', margin: 0 };
const LABEL: CSSProperties = { color: 'var(--ant-color-text-description)', fontSize: 'var(--ant-font-size-sm)', alignSelf: 'center' };
const VALUE: CSSProperties = { margin: 0, minWidth: 0, overflowWrap: 'anywhere' };

/** A cell as the table draws it (the columns' renders return nodes, not antd's cell objects). */
function cell<T>(column: ResourceColumn<T>, record: T, index: number): ReactNode {
  const value = column.dataIndex === undefined ? undefined : (record as Record<string, unknown>)[column.dataIndex as string];
  return (column.render ? column.render(value, record, index) : value) as ReactNode;
}

/**
 * A row of a list on a phone (below 768 px): the row's first column as its title, then its key facts under their
 * column titles, each cell drawn as the table draws it. The table keeps its row and its row menu, so the screen
 * reader, the search and the tests find the row as on a desktop.
 */
export function RowCard<T>({ columns, record, index }: { columns: readonly ResourceColumn<T>[]; record: T; index: number }) {
  const [first, ...rest] = columns;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6, minWidth: 0 }}>
      <div style={{ fontWeight: 'var(--ant-font-weight-strong)' as CSSProperties['fontWeight'] }}>{cell(first, record, index)}</div>
      <dl style={FACTS}>
        {rest.map((column) => (
          <div key={String(column.key)} style={{ display: 'contents' }}>
            <dt style={LABEL}>{columnTitle(column)}</dt>
            <dd style={VALUE}>{cell(column, record, index)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
