import type { CSSProperties } from 'react';
import { Alert, Button, Flex, Skeleton, Table, type TableColumnsType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { ListEmpty } from './ListEmpty.js';
import type { ResourceApi } from './resource-api.js';
import { SEARCH_EMPTY_HINT, type ResourceTexts } from './resource-texts.js';
import { RowActions } from './RowActions.js';
import { filterBySearch, isSearching, type SearchField } from './search.js';
import { useToast } from './toast.js';

export interface ResourceTableProps<T extends { id: string }> {
  api: Pick<ResourceApi<T>, 'useList' | 'useDelete'>;
  columns: TableColumnsType<T>;
  searchFields: readonly SearchField<T>[];
  /** What the user typed in the screen's search box. */
  search: string;
  texts: Pick<ResourceTexts, 'empty' | 'emptyHint' | 'deleteConfirm' | 'deleteFailed' | 'deleted'>;
  onEdit: (record: T) => void;
  /** Placeholder rows while the list loads (spec 9: 3 on the safety and settlement screens). */
  skeletonRows?: number;
  /** Shown under the empty state when no search is active, e.g. an add button. */
  emptyAction?: ReactNode;
}

const visuallyHidden: CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0,0,0,0)', whiteSpace: 'nowrap', border: 0,
};

/**
 * A resource's table as spec 2.4 has it: skeleton rows while loading, the rows matching the search, an empty state,
 * and a row menu whose Delete asks the browser for confirmation, then deletes (a destructive toast on failure).
 */
export function ResourceTable<T extends { id: string }>(props: ResourceTableProps<T>) {
  const { api, columns, searchFields, search, texts, onEdit, skeletonRows = 3, emptyAction } = props;
  const list = api.useList();
  const remove = api.useDelete();
  const toast = useToast();

  const rows = useMemo(() => filterBySearch(list.data ?? [], search, searchFields), [list.data, search, searchFields]);

  const confirmDelete = (record: T) => {
    if (!window.confirm(texts.deleteConfirm)) return;
    remove.mutate(record.id, {
      onSuccess: () => texts.deleted && toast.success(...texts.deleted),
      onError: () => toast.error(texts.deleteFailed),
    });
  };

  const withActions: TableColumnsType<T> = [
    ...columns,
    {
      key: 'actions',
      title: <span style={visuallyHidden}>Actions</span>,
      width: 56,
      align: 'right',
      render: (_: unknown, record: T) => (
        <RowActions
          onEdit={() => onEdit(record)}
          onDelete={() => confirmDelete(record)}
          busy={remove.isPending && remove.variables === record.id}
        />
      ),
    },
  ];

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
  return (
    <Table<T>
      rowKey="id"
      columns={withActions}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <ListEmpty
            title={texts.empty}
            hint={searching ? SEARCH_EMPTY_HINT : texts.emptyHint}
            action={searching ? undefined : emptyAction}
          />
        ),
      }}
    />
  );
}
