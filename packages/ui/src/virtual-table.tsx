import type { SpinProps, TableColumnType, TableProps } from 'antd';
import type { ComponentPropsWithoutRef } from 'react';

const HeaderTable = (props: ComponentPropsWithoutRef<'table'>) => <table {...props} role="presentation" />;
const COMPONENTS: TableProps['components'] = { header: { table: HeaderTable } };

function withCellRoles<T>(column: TableColumnType<T>): TableColumnType<T> {
  return {
    ...column,
    onHeaderCell: (col) => ({ ...column.onHeaderCell?.(col), role: 'columnheader' }),
    onCell: (record, index) => ({ ...column.onCell?.(record, index), role: 'cell' }),
  };
}

/**
 * The Table's `loading` when it is not loading: antd wraps every table in a Spin that says aria-busy and aria-live,
 * which puts an element of no table role between the table and its rows (axe: aria-required-children). Without
 * them the wrapper is a plain div, which assistive technology passes through. A list shows its own skeleton instead.
 */
export const NOT_BUSY = { spinning: false, 'aria-busy': undefined, 'aria-live': undefined } as SpinProps;

/**
 * antd's virtual table (only the rows in view are drawn) for a list of any length. It draws its rows as <div>s under
 * a separate header <table>: `table`, spread on the Table, and `box`, on the element around it, make header and rows
 * one table again for assistive technology, with the full row count although only the visible rows exist.
 */
export function virtualTable<T>(columns: readonly TableColumnType<T>[], rowCount: number, { header = true } = {}) {
  const headerRows = header ? 1 : 0;
  return {
    box: { role: 'table', 'aria-rowcount': rowCount + headerRows },
    table: {
      virtual: true,
      loading: NOT_BUSY,
      showHeader: header,
      components: COMPONENTS,
      onHeaderRow: () => ({ role: 'row', 'aria-rowindex': 1 }),
      onRow: (_: T, index?: number) => ({ role: 'row', 'aria-rowindex': (index ?? 0) + 1 + headerRows }),
      columns: columns.map(withCellRoles),
    },
  };
}
