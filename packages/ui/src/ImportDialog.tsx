import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ERRORS, IMPORT_MESSAGES, type ImportError, type ImportResult } from '@tms/contracts';
import { Alert, Button, Flex, Modal, Progress, Statistic, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from './api.js';
import { badRowsCsv } from './import-bad-rows.js';
import { saveFile } from './list-csv.js';
import type { ResourceApi } from './resource-api.js';
import { DECORATIVE_ICON } from './RowActions.js';
import { useToast } from './toast.js';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  api: Pick<ResourceApi<any>, 'useImport'>;
}

type Step = { phase: 'choose' } | { phase: 'sending'; dryRun: boolean; progress: number } | { phase: 'checked'; result: ImportResult };

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
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ phase: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (chosen: File, dryRun: boolean, skipInvalid = false) => {
    setFailure(null);
    setStep({ phase: 'sending', dryRun, progress: 0 });
    try {
      const result = await importCsv.mutateAsync({
        file: chosen,
        dryRun,
        skipInvalid,
        onProgress: (fraction) => setStep({ phase: 'sending', dryRun, progress: Math.round(fraction * 100) }),
      });
      if (!dryRun && (!result.errors.length || (skipInvalid && result.skipped))) {
        toast.success('Import complete', IMPORT_DIALOG_TEXTS.done(result));
        onClose();
        return;
      }
      setStep({ phase: 'checked', result });
    } catch (error) {
      setFailure(failureText(error));
      setStep({ phase: 'choose' });
    }
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFailure(IMPORT_MESSAGES.tooLarge);
      return;
    }
    void send(chosen, true);
  };

  const result = step.phase === 'checked' ? step.result : null;
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
      <Button key="another" onClick={() => setStep({ phase: 'choose' })}>
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
        onClick={() => file && void send(file, false)}
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
          <Upload.Dragger
            accept=".csv,text/csv"
            multiple={false}
            showUploadList={false}
            beforeUpload={(chosen) => {
              choose(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined {...DECORATIVE_ICON} />
            </p>
            <p className="ant-upload-text">Drop a CSV file here, or click to choose one</p>
            <p className="ant-upload-hint">
              The first row names the columns, by field or by the screen's labels, in any order. At most {IMPORT_MAX_BYTES / (1024 * 1024)} MB.
            </p>
          </Upload.Dragger>
        )}
        {step.phase === 'sending' && (
          <div role="status" aria-live="polite">
            <Typography.Text>{file?.name}</Typography.Text>
            <Progress percent={step.progress} status="active" />
            <Typography.Text type="secondary">
              {step.progress < 100 ? 'Uploading...' : step.dryRun ? 'Checking every row...' : 'Importing...'}
            </Typography.Text>
          </div>
        )}
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
