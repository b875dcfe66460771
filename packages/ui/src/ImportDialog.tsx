import { IMPORT_MAX_BYTES, IMPORT_MAX_ERRORS, type ImportError, type ImportResult } from '@tms/contracts';
import { Alert, Button, Flex, Modal, Statistic, Table, Typography } from 'antd';
import { ApiError } from './api.js';
import { badRowsCsv } from './import-bad-rows.js';
import { CsvDropZone, CsvProgress, useCsvSteps } from './csv-steps.js';
import { saveFile } from './list-csv.js';
import type { ResourceApi } from './resource-api.js';
import { useToast } from './toast.js';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  api: Pick<ResourceApi<any>, 'useImport'>;
}

export const IMPORT_DIALOG_TEXTS = {
  import: 'Import',
  importGood: (count: number) => `Import the good rows (${count.toLocaleString('en-US')})`,
  downloadBad: 'Download the bad rows',
  badRowsFile: (name: string) => `${name.replace(/\.csv$/i, '')}-errors.csv`,
  hasErrors: 'Rows with errors are not imported: import the good rows and correct the others in the bad rows\' file, or correct the file and choose it again.',
  done: (result: ImportResult) =>
    `${result.create} created, ${result.update} updated, ${result.unchanged} unchanged${result.skipped ? `, ${result.skipped} left out for their errors` : ''}`,
} as const;

/** Issue 47: an error in the file's words, its own column header and the cell as written. */
const ERROR_COLUMNS = [
  { title: 'Row', dataIndex: 'row', key: 'row', width: 70 },
  { title: 'Column', key: 'column', width: 150, render: (_: unknown, error: ImportError) => (error.field === '_' ? '' : (error.column ?? error.field)) },
  { title: 'Value', dataIndex: 'value', key: 'value', width: 150, render: (value: string | undefined) => (value === undefined ? '' : `"${value}"`) },
  { title: 'Message', dataIndex: 'message', key: 'message' },
];

/** An answer's message ({ message } JSON), or what the request failed with. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.fieldIssues.file?.[0] ?? error.reason ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Import from a CSV (a list screen's 'Import'): drop a file, see its dry run (what it would create, update and leave
 * unchanged, and its errors by row, in the file's column and with the cell as written), then Import, which applies it
 * all or nothing; with errors, 'Import the good rows' leaves the bad ones out, and 'Download the bad rows' lists them as
 * a CSV to correct. The upload's progress shows for a large file, and the lists refresh after (the api's useImport).
 */
export function ImportDialog({ open, onClose, title, api }: ImportDialogProps) {
  const importCsv = api.useImport();
  const toast = useToast();
  const { file, step, failure, send, choose, chooseAnother, result } = useCsvSteps<ImportResult, boolean>({
    upload: (file, dryRun, onProgress, skipInvalid) => importCsv.mutateAsync({ file, dryRun, skipInvalid, onProgress }),
    // Done when nothing was wrong, or the good rows were imported and the bad ones left out.
    applied: (result, skipInvalid) => {
      if (result.errors.length && !(skipInvalid && result.skipped)) return false;
      toast.success('Import complete', IMPORT_DIALOG_TEXTS.done(result));
      onClose();
      return true;
    },
    failureText,
  });

  const changes = result ? result.create + result.update : 0;
  const downloadBadRows = async () => {
    if (!file || !result) return;
    try {
      saveFile(IMPORT_DIALOG_TEXTS.badRowsFile(file.name), new Blob([await badRowsCsv(file, result.errors)], { type: 'text/csv;charset=utf-8' }));
    } catch (error) {
      toast.error('The bad rows could not be listed.', error instanceof Error ? error.message : undefined);
    }
  };
  const footer = [
    <Button key="cancel" onClick={onClose} disabled={step.phase === 'sending'}>
      Cancel
    </Button>,
    result && (
      <Button key="another" onClick={chooseAnother}>
        Choose another file
      </Button>
    ),
    result && result.errors.length > 0 && (
      <Button key="bad-rows" onClick={() => void downloadBadRows()}>
        {IMPORT_DIALOG_TEXTS.downloadBad}
      </Button>
    ),
    result && result.errors.length > 0 && changes > 0 ? (
      <Button key="import-good" type="primary" onClick={() => file && void send(file, false, true)}>
        {IMPORT_DIALOG_TEXTS.importGood(changes)}
      </Button>
    ) : (
      <Button
        key="import"
        type="primary"
        disabled={!result || result.errors.length > 0 || changes === 0}
        loading={step.phase === 'sending' && !step.dryRun}
        onClick={() => file && void send(file, false, false)}
      >
        {IMPORT_DIALOG_TEXTS.import}
      </Button>
    ),
  ];

  return (
    <Modal open={open} title={title} onCancel={step.phase === 'sending' ? undefined : onClose} footer={footer} width={720} destroyOnHidden maskClosable={false}>
      <Flex vertical gap={16}>
        {failure && <Alert type="error" showIcon title={failure} />}
        {step.phase === 'choose' && (
          <CsvDropZone
            onChoose={(chosen) => choose(chosen, false)}
            text="Drop a CSV file here, or click to choose one"
            hint={`The first row names the columns, by field or by the screen's labels, in any order. At most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`}
          />
        )}
        {step.phase === 'sending' && <CsvProgress fileName={file?.name} step={step} checking="Checking every row..." />}
        {result && (
          <>
            <Typography.Text>{file?.name}</Typography.Text>
            <Flex gap={32} wrap aria-label="Dry run">
              <Statistic title="Rows" value={result.rows} />
              <Statistic title="To create" value={result.create} />
              <Statistic title="To update" value={result.update} />
              <Statistic title="Unchanged" value={result.unchanged} />
              <Statistic title="Errors" value={result.errors.length} />
              {result.skipped !== undefined && <Statistic title="Rows with errors" value={result.skipped} />}
            </Flex>
            {result.errors.length > 0 ? (
              <>
                <Alert
                  type="warning"
                  showIcon
                  title={IMPORT_DIALOG_TEXTS.hasErrors}
                  description={result.errors.length >= IMPORT_MAX_ERRORS ? `The first ${IMPORT_MAX_ERRORS.toLocaleString('en-US')} errors are shown.` : undefined}
                />
                <Table<ImportError>
                  aria-label="Errors"
                  size="small"
                  rowKey={(error) => `${error.row}-${error.field}-${error.message}`}
                  columns={ERROR_COLUMNS}
                  dataSource={result.errors}
                  pagination={{ pageSize: 10, showSizeChanger: false }}
                />
              </>
            ) : (
              <Alert type="success" showIcon title={changes ? 'Every row is valid.' : 'Every row is valid, and nothing would change.'} />
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
