import type { SpinProps, TableColumnType, TableProps } from 'antd';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

const PresentationTable = (props: ComponentPropsWithoutRef<'table'>) => <table {...props} role="presentation" />;
/**
 * The header's <table>, and the body's when the list is empty (with rows the body is <div>s): a table of its own
 * inside the element that says role="table" is no row of it (axe: aria-required-children, on every empty list).
 */
const COMPONENTS: TableProps['components'] = { header: { table: PresentationTable }, table: PresentationTable };

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
 * one table again for assistive technology, with the full row count although only the visible rows exist. `empty` is
 * what the list shows without rows, read as its one row.
 */
export function virtualTable<T>(columns: readonly TableColumnType<T>[], rowCount: number, { header = true, empty }: { header?: boolean; empty?: ReactNode } = {}) {
  const headerRows = header ? 1 : 0;
  return {
    // An empty list has one row: what it says instead of rows ('No trucks found').
    box: { role: 'table', 'aria-rowcount': Math.max(rowCount, 1) + headerRows },
    table: {
      virtual: true,
      locale: {
        emptyText: (
          <div role="row" aria-rowindex={1 + headerRows}>
            <div role="cell" aria-colspan={columns.length}>
              {empty}
            </div>
          </div>
        ),
      },
      loading: NOT_BUSY,
      showHeader: header,
      components: COMPONENTS,
      onHeaderRow: () => ({ role: 'row', 'aria-rowindex': 1 }),
      onRow: (_: T, index?: number) => ({ role: 'row', 'aria-rowindex': (index ?? 0) + 1 + headerRows }),
      columns: columns.map(withCellRoles),
    },
  };
}
