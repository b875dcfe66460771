import type { CSSProperties, MouseEvent as ReactMouseEvent } from 'react';
import { Alert, Button, Flex, Grid, Skeleton, Table, type TableRef } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from './api.js';
import { cellText } from './list-csv.js';
import { ListEmpty } from './ListEmpty.js';
import type { ResourceColumn } from './resource-column.js';
import { RowCard, cardColumns } from './RowCard.js';
import type { ResourceApi } from './resource-api.js';
import { SEARCH_EMPTY_HINT, type ResourceTexts } from './resource-texts.js';
import { RowActions, type RowAction } from './RowActions.js';
import type { ListView } from './list-view.js';
import { isSearching, searchIndex, type SearchField } from './search.js';
import { useToast } from './toast.js';
import { useTableBodyHeight } from './use-table-body-height.js';
import { virtualTable } from './virtual-table.js';

export interface ResourceTableProps<T extends { id: string }> {
  api: Pick<ResourceApi<T>, 'useList' | 'useDelete'>;
  columns: readonly ResourceColumn<T>[];
  searchFields: readonly SearchField<T>[];
  /** What the user typed in the screen's search box. */
  search: string;
  texts: Pick<ResourceTexts, 'empty' | 'emptyHint' | 'deleteConfirm' | 'deleteFailed' | 'deleted'>;
  onEdit: (record: T) => void;
  /** Placeholder rows while the list loads (spec 9: 3 on the safety and settlement screens). */
  skeletonRows?: number;
  /** Shown under the empty state when no search is active, e.g. an add button. */
  emptyAction?: ReactNode;
  /** A row's menu items besides Edit and Delete, those that apply to it. */
  rowActions?: (record: T) => readonly RowAction[];
  /** A click on a row (not on its menu) opens the record (issue 47: a load's workspace). */
  onOpen?: (record: T) => void;
  /** The list's order and filters from the URL (list-view.ts); without it, the whole list in its own order, unsortable. */
  view?: ListView<T>;
}

const visuallyHidden: CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0,0,0,0)', whiteSpace: 'nowrap', border: 0,
};

/** The row menu's button (32 px) and the middle-size table's cell padding. */
const ACTIONS_COLUMN_WIDTH = 48;
/** A phone's row card at its narrowest: a 320 px screen less the page's padding and the row menu. */
const CARD_MIN_WIDTH = 240;

/**
 * A resource's table as spec 2.4 has it: skeleton rows while loading, the rows matching the search, an empty state,
 * and a row menu whose Delete asks the browser for confirmation, then deletes (a destructive toast on failure).
 * Only the rows in view are rendered (antd's virtual table), so a list of 10,000 shows and filters at once; the
 * body fills the window and scrolls under its column headers.
 */
export function ResourceTable<T extends { id: string }>(props: ResourceTableProps<T>) {
  const { api, columns, searchFields, search, texts, onEdit, skeletonRows = 3, emptyAction, rowActions, onOpen, view } = props;
  const list = api.useList(view?.apiQuery);
  const remove = api.useDelete();
  const toast = useToast();
  const tableRef = useRef<TableRef>(null);
  // Below antd's md breakpoint (768 px, spec 9's mobile width) each row is a card of its key facts.
  const phone = Grid.useBreakpoint().md === false;
  const [tableBox, setTableBox] = useState<HTMLDivElement | null>(null);
  const bodyHeight = useTableBodyHeight(tableBox);

  const matching = useMemo(() => searchIndex(list.data ?? [], searchFields), [list.data, searchFields]);
  const compare = view?.compare;
  const rows = useMemo(() => (compare ? [...matching(search)].sort(compare) : matching(search)), [matching, search, compare]);
  // A new search, order or filter shows its first rows, wherever the list was scrolled to.
  useEffect(() => tableRef.current?.scrollTo({ top: 0 }), [search, view?.apiQuery, view?.sort?.key, view?.sort?.descending]);

  const confirmDelete = (record: T) => {
    if (!window.confirm(texts.deleteConfirm)) return;
    remove.mutate(record.id, {
      onSuccess: () => texts.deleted && toast.success(...texts.deleted),
      // Spec 8's text, and the server's reason when the record is still in use (a customer with loads).
      onError: (error) => toast.error(texts.deleteFailed, error instanceof ApiError ? error.conflictReason : undefined),
    });
  };

  const shownColumns: ResourceColumn<T>[] = phone
    ? [{ key: 'card', title: 'Details', width: CARD_MIN_WIDTH, render: (_: unknown, record: T, index: number) => <RowCard columns={cardColumns(columns)} record={record} index={index} /> }]
    : // One line per fact: a text longer than its column ends in '…' (whole on hover) rather than breaking mid-word.
      columns.map((column) => ({
        ellipsis: true,
        ...column,
        ...(view && {
          sorter: true,
          sortOrder: view.sort?.key === String(column.key) ? (view.sort.descending ? ('descend' as const) : ('ascend' as const)) : null,
        }),
      }));
  const withActions: ResourceColumn<T>[] = [
    ...shownColumns,
    {
      key: 'actions',
      title: <span style={visuallyHidden}>Actions</span>,
      width: ACTIONS_COLUMN_WIDTH,
      align: 'right',
      // Pinned: on a screen narrower than the columns the row menu stays in view while the rest scrolls sideways.
      fixed: 'right',
      render: (_: unknown, record: T, index: number) => (
        <RowActions
          rowName={cellText(columns[0], record, index)}
          onEdit={() => onEdit(record)}
          onDelete={() => confirmDelete(record)}
          actions={rowActions?.(record)}
          busy={remove.isPending && remove.variables === record.id}
        />
      ),
    },
  ];
  const minWidth = withActions.reduce((sum, column) => sum + column.width, 0);

  if (list.isPending) {
    return (
      <Flex vertical gap={12} aria-busy="true" aria-label="Loading" role="status" style={{ padding: '0 16px 16px' }}>
        {Array.from({ length: skeletonRows }, (_, index) => (
          <Skeleton.Node key={index} active style={{ width: '100%', height: 48 }} />
        ))}
      </Flex>
    );
  }

  if (list.isError && !list.data) {
    return (
      <Alert
        style={{ margin: '0 16px 16px' }}
        type="error"
        showIcon
        title="Could not load the list"
        description={list.error.message}
        action={<Button onClick={() => list.refetch()}>Retry</Button>}
      />
    );
  }

  const searching = isSearching(search);
  const virtual = virtualTable(withActions, rows.length, {
    header: !phone,
    empty: <ListEmpty title={texts.empty} hint={searching ? SEARCH_EMPTY_HINT : texts.emptyHint} action={searching ? undefined : emptyAction} />,
  });
  return (
    <div ref={setTableBox} {...virtual.box} data-testid="list-table">
      <Table<T>
        ref={tableRef}
        {...virtual.table}
        // Middle: 8 px either side of a cell, so that every list's columns fit 1440 px with the sidebar open.
        size="middle"
        rowKey="id"
        dataSource={rows}
        // A click on a row opens it; one on its menu, a link or a button is theirs. The menu has 'Open' for the keyboard.
        // Beside the virtual table's own row attributes (their role and index), never instead of them.
        onRow={(record, index) => ({
          ...virtual.table.onRow(record, index),
          ...(onOpen && {
            onClick: (event: ReactMouseEvent<HTMLElement>) => {
              // React hands the row the clicks of what it portals out of it too (the row menu's items, a dialog).
              const target = event.target as HTMLElement;
              if (event.currentTarget.contains(target) && !target.closest('button, a')) onOpen(record);
            },
            style: { cursor: 'pointer' },
          }),
        })}
        pagination={false}
        // A header's click sorts by its column: ascending, descending, then the list's own order again.
        onChange={(_pagination, _filters, sorter) => {
          const { columnKey, order } = Array.isArray(sorter) ? sorter[0] : sorter;
          view?.setSort(order ? String(columnKey) : undefined, order === 'descend');
        }}
        scroll={{ x: minWidth, y: bodyHeight }}
      />
    </div>
  );
}
