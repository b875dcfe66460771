import type { TableColumnType } from 'antd';

/**
 * A list column. Its width (px) is required and is the narrowest it gets: the virtual table lays its rows out by the
 * columns' widths, spreads any room left over them, and scrolls sideways when the screen is narrower than their sum
 * (the columns of every list fit 1440 px with the sidebar open; e2e/a11y checks it). `exportValue` is what the
 * screen's Export writes for it (list-csv.ts), for a column whose cell is not one field's value nor plain text.
 * `card`: shown on a phone's row card (RowCard.tsx); without any, the card shows the first four columns. A click on
 * its header sorts the list by it (list-view.ts): by `sortField` on the server (else the field it shows), or in the
 * browser by `sortValue` (else the text it shows) for a column that shows another record's name or several fields.
 */
export type ResourceColumn<T> = TableColumnType<T> & {
  width: number;
  exportValue?: (row: T) => unknown;
  card?: boolean;
  sortField?: string;
  sortValue?: (row: T) => string | number | null | undefined;
};
