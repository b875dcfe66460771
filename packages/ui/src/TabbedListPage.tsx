import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input } from 'antd';
import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import type { ResourceDialogProps } from './ListPage.js';
import { ExportButton } from './ExportButton.js';
import { useListView, useOpenLinkedRecord } from './list-view.js';
import type { ResourceApi } from './resource-api.js';
import { ResourceTable, type ResourceTableProps } from './ResourceTable.js';
import { DECORATIVE_ICON } from './RowActions.js';
import type { ResourceTexts } from './resource-texts.js';
import { TabbedPage, type TabbedPageProps } from './TabbedPage.js';

/** One tab of a TabbedListPage: a resource's list, as a ListPage declares it. */
export interface ListTab<T extends { id: string }> extends Pick<ResourceTableProps<T>, 'api' | 'columns' | 'searchFields' | 'skeletonRows'> {
  /** The tab's key, as the URL carries it ('?tab=accidents'). */
  key: string;
  label: string;
  texts: ResourceTexts;
  dialog: ComponentType<ResourceDialogProps<T>>;
  /** Also offer the add button inside the empty state (when no search is active). */
  addFromEmptyState?: boolean;
  /** The list's calls: its table's, and Export's (the resource's name). */
  api: Pick<ResourceApi<T>, 'resource' | 'useList' | 'useDelete'>;
}

/** A tab of rows of its own type, among tabs of other types. */
type AnyListTab = ListTab<any>;

/** Declares a tab with its row type checked against its columns, search fields, api and dialog. */
export const listTab = <T extends { id: string }>(tab: ListTab<T>): AnyListTab => tab;

export interface TabbedListPageProps extends Omit<TabbedPageProps, 'tabs'> {
  /** The tabs in order; the first is the default. */
  tabs: readonly AnyListTab[];
}

/**
 * Several lists on one screen, one tab each (Safety & Compliance: inspections, accidents, violations), as a
 * TabbedPage shows tabs. One search box serves every tab, with the shown tab's placeholder, and keeps what was typed
 * across tabs; each tab has its add button, table, row menu and create/edit dialog, as a ListPage has them.
 */
export function TabbedListPage({ tabs, ...page }: TabbedListPageProps) {
  const [search, setSearch] = useState('');
  // Each opening mounts a fresh dialog (a new `session`), so its form starts from the record or the defaults.
  const [dialog, setDialog] = useState<{ open: boolean; tab: string; record: { id: string } | null; session: number }>({
    open: false, tab: tabs[0].key, record: null, session: 0,
  });

  const openDialog = useCallback(
    (tab: string, record: { id: string } | null) => setDialog((current) => ({ open: true, tab, record, session: current.session + 1 })),
    [],
  );
  const closeDialog = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);

  const addButton = (tab: AnyListTab) => (
    <Button type="primary" icon={<PlusOutlined {...DECORATIVE_ICON} />} onClick={() => openDialog(tab.key, null)}>
      {tab.texts.addButton}
    </Button>
  );

  const panel = (tab: AnyListTab) => (
    <ListTabPanel tab={tab} search={search} setSearch={setSearch} addButton={addButton(tab)} onEdit={(record) => openDialog(tab.key, record)} />
  );

  const dialogTab = tabs.find((tab) => tab.key === dialog.tab);
  const Dialog = dialogTab?.dialog;
  return (
    <>
      <TabbedPage {...page} tabs={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: panel(tab) }))} />
      {Dialog && dialog.session > 0 && <Dialog key={dialog.session} open={dialog.open} record={dialog.record} onClose={closeDialog} />}
    </>
  );
}

/** A tab's search box, Export, add button and table, in the tab's order (list-view.ts: its own hook per tab). */
function ListTabPanel({ tab, search, setSearch, addButton, onEdit }: { tab: AnyListTab; search: string; setSearch: (search: string) => void; addButton: ReactNode; onEdit: (record: { id: string }) => void }) {
  const view = useListView(tab.columns);
  // A link to one record of the tab (`?tab=violations&open=<id>`) opens its dialog.
  useOpenLinkedRecord(tab.api.useList(view.apiQuery).data, onEdit);
  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ padding: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined {...DECORATIVE_ICON} />}
          placeholder={tab.texts.searchPlaceholder}
          aria-label={tab.texts.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 360 }}
        />
        <Flex gap={8} wrap>
          <ExportButton api={tab.api} columns={tab.columns} searchFields={tab.searchFields} search={search} view={view} />
          {addButton}
        </Flex>
      </Flex>
      <ResourceTable<any>
        api={tab.api}
        columns={tab.columns}
        searchFields={tab.searchFields}
        skeletonRows={tab.skeletonRows}
        search={search}
        texts={tab.texts}
        view={view}
        onEdit={onEdit}
        emptyAction={tab.addFromEmptyState ? addButton : undefined}
      />
    </Card>
  );
}
