import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@tms/contracts';
import { Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { UploadProgress } from './csv-upload.js';
import { DECORATIVE_ICON } from './RowActions.js';

/** Where a CSV dialog is: choosing a file, sending it (a dry run or for real), or showing what the dry run found. */
export type CsvStep<Result> = { phase: 'choose' } | { phase: 'sending'; dryRun: boolean; progress: number } | { phase: 'checked'; result: Result };

/**
 * The steps every CSV dialog goes through (a list's Import, a fuel card statement): a file chosen is checked at once
 * (a dry run; one over IMPORT_MAX_BYTES is refused before it is sent), the answer shown, then sent for real; the
 * upload's progress meanwhile. `applied` says whether a real run is done (the dialog closes) or has more to show.
 */
export function useCsvSteps<Result, Options = undefined>({
  upload,
  applied,
  failureText,
}: {
  upload: (file: File, dryRun: boolean, onProgress: UploadProgress, options: Options) => Promise<Result>;
  applied: (result: Result, options: Options) => boolean;
  failureText: (error: unknown) => string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<CsvStep<Result>>({ phase: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (chosen: File, dryRun: boolean, options: Options) => {
    setFailure(null);
    setStep({ phase: 'sending', dryRun, progress: 0 });
    try {
      const result = await upload(chosen, dryRun, (fraction) => setStep({ phase: 'sending', dryRun, progress: Math.round(fraction * 100) }), options);
      if (!dryRun && applied(result, options)) return;
      setStep({ phase: 'checked', result });
    } catch (error) {
      setFailure(failureText(error));
      setStep({ phase: 'choose' });
    }
  };

  const choose = (chosen: File, options: Options) => {
    setFile(chosen);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFailure(IMPORT_MESSAGES.tooLarge);
      return;
    }
    void send(chosen, true, options);
  };

  return { file, step, failure, send, choose, chooseAnother: () => setStep({ phase: 'choose' }), result: step.phase === 'checked' ? step.result : null };
}

/** Where a CSV is dropped or chosen. */
export function CsvDropZone({ onChoose, text, hint }: { onChoose: (file: File) => void; text: string; hint: string }) {
  return (
    <Upload.Dragger
      accept=".csv,text/csv"
      multiple={false}
      showUploadList={false}
      beforeUpload={(chosen) => {
        onChoose(chosen);
        return Upload.LIST_IGNORE;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined {...DECORATIVE_ICON} />
      </p>
      <p className="ant-upload-text">{text}</p>
      <p className="ant-upload-hint">{hint}</p>
    </Upload.Dragger>
  );
}

/** The file being sent: its upload's progress, then what the server is doing with it. */
export function CsvProgress({ fileName, step, checking }: { fileName: string | undefined; step: Extract<CsvStep<unknown>, { phase: 'sending' }>; checking: string }) {
  return (
    <div role="status" aria-live="polite">
      <Typography.Text>{fileName}</Typography.Text>
      <Progress percent={step.progress} status="active" />
      <Typography.Text type="secondary">{step.progress < 100 ? 'Uploading...' : step.dryRun ? checking : 'Importing...'}</Typography.Text>
    </div>
  );
}
