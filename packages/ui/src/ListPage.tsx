import { PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input } from 'antd';
import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { ExportButton } from './ExportButton.js';
import { ImportDialog } from './ImportDialog.js';
import { filterParams, ListFilters, type ListFilter } from './ListFilters.js';
import { useListView, useOpenLinkedRecord } from './list-view.js';
import type { ResourceColumn } from './resource-column.js';
import { PageHeader } from './PageHeader.js';
import type { ResourceApi } from './resource-api.js';
import { ResourceTable, type ResourceTableProps } from './ResourceTable.js';
import { DECORATIVE_ICON } from './RowActions.js';
import type { ResourceTexts } from './resource-texts.js';

const NO_FILTERS: readonly ListFilter[] = [];

/** What a list screen's create/edit dialog receives: `record` is null to create. */
export interface ResourceDialogProps<T> {
  open: boolean;
  record: T | null;
  onClose: () => void;
}

export interface ListPageProps<T extends { id: string }>
  extends Pick<ResourceTableProps<T>, 'api' | 'columns' | 'searchFields' | 'skeletonRows' | 'rowActions' | 'onOpen'> {
  title: string;
  subtitle?: string;
  texts: ResourceTexts;
  /** The screen's create/edit dialog. */
  dialog: ComponentType<ResourceDialogProps<T>>;
  /** Also offer the add button inside the empty state (when no search is active). */
  addFromEmptyState?: boolean;
  /** 2 for a list shown in a tab under the screen's own title (see PageHeader). */
  headingLevel?: 1 | 2;
  /** The list's calls: its table's, and those of Export (the resource's name) and Import. */
  api: Pick<ResourceApi<T>, 'resource' | 'useList' | 'useDelete' | 'useImport'>;
  /** Offer 'Import' (a CSV, ImportDialog, titled so: 'Import Trucks'), for a resource the server imports (contracts' IMPORTS). */
  importTitle?: string;
  /** More buttons, before the add button (beyond the spec: Payments' 'Receive Payment'). */
  actions?: ReactNode;
  /** Filters beside the search box, kept in the URL with the list's order (issue 47). */
  filters?: readonly ListFilter[];
  /** What Export writes, when it is more than the columns (a load's customer, driver and truck by name). */
  exportColumns?: readonly ResourceColumn<T>[];
}

/**
 * The one list screen (spec 2.4): title and subtitle, the Create/Add button, a search box, the resource's table
 * and its create/edit dialog. A screen declares only its texts, columns, search fields and dialog.
 */
export function ListPage<T extends { id: string }>(props: ListPageProps<T>) {
  const { title, subtitle, texts, dialog: Dialog, addFromEmptyState = false, headingLevel = 1, importTitle, actions, filters = NO_FILTERS, exportColumns, ...table } = props;
  const [search, setSearch] = useState('');
  const view = useListView(table.columns, useMemo(() => filterParams(filters), [filters]));
  const list = table.api.useList(view.apiQuery);
  const [importing, setImporting] = useState(false);
  // Each opening mounts a fresh dialog (a new `session`), so its form starts from the record or the defaults.
  const [dialog, setDialog] = useState<{ open: boolean; record: T | null; session: number }>({ open: false, record: null, session: 0 });

  const openDialog = useCallback((record: T | null) => setDialog((current) => ({ open: true, record, session: current.session + 1 })), []);
  const closeDialog = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);
  // A link to one record (`?open=<id>`) opens its dialog, unless the screen opens its records itself (a drawer).
  useOpenLinkedRecord(list.data, table.onOpen ? undefined : openDialog);

  const addButton = (
    <Button type="primary" icon={<PlusOutlined {...DECORATIVE_ICON} />} onClick={() => openDialog(null)}>
      {texts.addButton}
    </Button>
  );

  return (
    <div>
      <PageHeader
        title={title}
        subtitle={subtitle}
        extra={
          <Flex gap={8} wrap>
            <ExportButton api={table.api} columns={exportColumns ?? table.columns} searchFields={table.searchFields} search={search} view={view} />
            {importTitle && (
              <Button icon={<UploadOutlined {...DECORATIVE_ICON} />} onClick={() => setImporting(true)}>
                Import
              </Button>
            )}
            {actions}
            {addButton}
          </Flex>
        }
        level={headingLevel}
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={8} wrap align="center" style={{ padding: 16 }}>
          <Input
            allowClear
            prefix={<SearchOutlined {...DECORATIVE_ICON} />}
            placeholder={texts.searchPlaceholder}
            aria-label={texts.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 360 }}
          />
          {filters.length > 0 && <ListFilters filters={filters} view={view} />}
        </Flex>
        <ResourceTable<T>
          {...table}
          view={view}
          search={search}
          texts={texts}
          onEdit={openDialog}
          emptyAction={addFromEmptyState ? addButton : undefined}
        />
      </Card>
      {dialog.session > 0 && <Dialog key={dialog.session} open={dialog.open} record={dialog.record} onClose={closeDialog} />}
      {importing && importTitle && <ImportDialog open title={importTitle} api={table.api} onClose={() => setImporting(false)} />}
    </div>
  );
}
