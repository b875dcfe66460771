import type { TableColumnType } from 'antd';

/**
 * A list column. Its width (px) is required and is the narrowest it gets: the virtual table lays its rows out by the
 * columns' widths, spreads any room left over them, and scrolls sideways when the screen is narrower than their sum
 * (the columns of every list fit 1440 px with the sidebar open; e2e/a11y checks it). `exportValue` is what the
 * screen's Export writes for it (list-csv.ts), for a column whose cell is not one field's value nor plain text.
 * `card`: shown on a phone's row card (RowCard.tsx); without any, the card shows the first four columns.
 */
export type ResourceColumn<T> = TableColumnType<T> & { width: number; exportValue?: (row: T) => unknown; card?: boolean };
