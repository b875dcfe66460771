import { DownloadOutlined } from '@ant-design/icons';
import { csvFileName } from '@tms/contracts';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { listCsv, saveFile } from './list-csv.js';
import type { ResourceApi } from './resource-api.js';
import type { ResourceColumn } from './resource-column.js';
import { DECORATIVE_ICON } from './RowActions.js';
import { shownRows, type ListView } from './list-view.js';
import type { SearchField } from './search.js';

export interface ExportButtonProps<T extends { id: string }> {
  api: Pick<ResourceApi<T>, 'resource' | 'useList'>;
  columns: readonly ResourceColumn<T>[];
  searchFields: readonly SearchField<T>[];
  /** The screen's search: the rows it shows are the rows exported. */
  search: string;
  /** The list's order and filters: exported as shown. */
  view?: ListView<T>;
}

/**
 * A list screen's 'Export': the rows it shows (its filters, order and search applied), with its columns (or the
 * screen's export columns), as a CSV the browser saves as '<resource>-<YYYY-MM-DD>.csv'. The screen holds the list
 * already, so no request is made.
 */
export function ExportButton<T extends { id: string }>({ api, columns, searchFields, search, view }: ExportButtonProps<T>) {
  const list = api.useList(view?.apiQuery);
  const download = () => {
    const rows = shownRows(list.data ?? [], search, searchFields, view);
    saveFile(csvFileName(api.resource, dayjs().format('YYYY-MM-DD')), new Blob([listCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }));
  };
  return (
    <Button icon={<DownloadOutlined {...DECORATIVE_ICON} />} disabled={!list.data} onClick={download}>
      Export
    </Button>
  );
}
