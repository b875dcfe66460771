import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input } from 'antd';
import { useCallback, useState, type ComponentType } from 'react';
import { PageHeader } from './PageHeader.js';
import { ResourceTable, type ResourceTableProps } from './ResourceTable.js';
import { DECORATIVE_ICON } from './RowActions.js';
import type { ResourceTexts } from './resource-texts.js';

/** What a list screen's create/edit dialog receives: `record` is null to create. */
export interface ResourceDialogProps<T> {
  open: boolean;
  record: T | null;
  onClose: () => void;
}

export interface ListPageProps<T extends { id: string }>
  extends Pick<ResourceTableProps<T>, 'api' | 'columns' | 'searchFields' | 'skeletonRows'> {
  title: string;
  subtitle?: string;
  texts: ResourceTexts;
  /** The screen's create/edit dialog. */
  dialog: ComponentType<ResourceDialogProps<T>>;
  /** Also offer the add button inside the empty state (when no search is active). */
  addFromEmptyState?: boolean;
  /** 2 for a list shown in a tab under the screen's own title (see PageHeader). */
  headingLevel?: 1 | 2;
}

/**
 * The one list screen (spec 2.4): title and subtitle, the Create/Add button, a search box, the resource's table
 * and its create/edit dialog. A screen declares only its texts, columns, search fields and dialog.
 */
export function ListPage<T extends { id: string }>(props: ListPageProps<T>) {
  const { title, subtitle, texts, dialog: Dialog, addFromEmptyState = false, headingLevel = 1, ...table } = props;
  const [search, setSearch] = useState('');
  // Each opening mounts a fresh dialog (a new `session`), so its form starts from the record or the defaults.
  const [dialog, setDialog] = useState<{ open: boolean; record: T | null; session: number }>({ open: false, record: null, session: 0 });

  const openDialog = useCallback((record: T | null) => setDialog((current) => ({ open: true, record, session: current.session + 1 })), []);
  const closeDialog = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);

  const addButton = (
    <Button type="primary" icon={<PlusOutlined {...DECORATIVE_ICON} />} onClick={() => openDialog(null)}>
      {texts.addButton}
    </Button>
  );

  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} extra={addButton} level={headingLevel} />
      <Card styles={{ body: { padding: 0 } }}>
        <div style={{ padding: 16 }}>
          <Input
            allowClear
            prefix={<SearchOutlined {...DECORATIVE_ICON} />}
            placeholder={texts.searchPlaceholder}
            aria-label={texts.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 360 }}
          />
        </div>
        <ResourceTable<T>
          {...table}
          search={search}
          texts={texts}
          onEdit={openDialog}
          emptyAction={addFromEmptyState ? addButton : undefined}
        />
      </Card>
      {dialog.session > 0 && <Dialog key={dialog.session} open={dialog.open} record={dialog.record} onClose={closeDialog} />}
    </div>
  );
}
