import { CheckCircleFilled, CloseOutlined, FileTextOutlined, InboxOutlined, LoadingOutlined } from '@ant-design/icons';
import { EXTRACT_ACCEPT, EXTRACT_MAX_FILE_BYTES, EXTRACT_TYPE_REFUSAL, isImageFileType, type DocumentUpload, type ExtractLoadResult } from '@tms/contracts';
import { DECORATIVE_ICON } from '@tms/ui';
import { Alert, Button, Card, Flex, Form, theme, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import {
  EXTRACT_TEXTS,
  extractedFormValues,
  extractionErrorMessage,
  extractLoad,
  fileTypeOf,
  readAsDataUrl,
  type UploadStatus,
} from './extract/extraction.js';
import { extractedDocument } from './load-documents.js';

export interface LoadExtractPanelProps {
  /**
   * The form was filled from the extraction: the dialog switches to Manual Entry for review, and keeps `document` (the
   * file read) to store with the load once it is created.
   */
  onExtracted: (result: ExtractLoadResult, document: DocumentUpload) => void;
  /** The file was removed: the load no longer keeps it. */
  onRemove: () => void;
  /** The panel's close button: back to Manual Entry, nothing filled. */
  onClose: () => void;
  /** Reading or extracting started (true) or ended: the dialog's 'Create Load' waits for it. */
  onBusyChange: (busy: boolean) => void;
}

/** Whole seconds since `busy` became true, counted each second while it stays so. */
function useElapsedSeconds(busy: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!busy) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [busy]);
  return seconds;
}

/** An image file's preview URL, released when the file changes. */
function usePreviewUrl(file: File | null): string | undefined {
  const url = useMemo(() => (file && isImageFileType(fileTypeOf(file)) ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * Why a drop was refused: the types as people say them ('File type must be PDF, PNG, ...' rather than react-dropzone's
 * list of MIME types), else react-dropzone's own message ('File is larger than N bytes', 'Too many files').
 */
const rejectionMessage = (rejections: FileRejection[]) => {
  const error = rejections[0]?.errors[0];
  if (!error) return EXTRACT_TEXTS.processFailed;
  return error.code === ErrorCode.FileInvalidType ? EXTRACT_TYPE_REFUSAL : error.message;
};

/**
 * The 'AI Extract' tab of the load dialog (spec 2.5, 4, 5): one document dropped or browsed, read as a data URL,
 * sent to POST /api/extract-load; the answer fills the load form, which the dialog then shows for review. Nothing is
 * saved until the user submits the form.
 */
export function LoadExtractPanel({ onExtracted, onRemove, onClose, onBusyChange }: LoadExtractPanelProps) {
  const form = Form.useFormInstance();
  const { token } = theme.useToken();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewUrl(file);
  const busy = status === 'reading' || status === 'extracting';
  const elapsed = useElapsedSeconds(busy);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const process = async (chosen: File) => {
    setFile(chosen);
    setError(null);
    setStatus('reading');
    let fileData: string;
    try {
      fileData = await readAsDataUrl(chosen);
    } catch {
      setStatus('error');
      setError(EXTRACT_TEXTS.readFailed);
      return;
    }
    setStatus('extracting');
    let result: ExtractLoadResult;
    try {
      result = await extractLoad(fileData, fileTypeOf(chosen));
    } catch (failure) {
      setStatus('error');
      setError(extractionErrorMessage(failure));
      return;
    }
    try {
      form.setFieldsValue(extractedFormValues(result));
      setStatus('complete');
      onExtracted(result, extractedDocument(chosen, fileTypeOf(chosen), fileData, result));
    } catch {
      setStatus('error');
      setError(EXTRACT_TEXTS.processFailed);
    }
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: EXTRACT_ACCEPT as unknown as Record<string, string[]>,
    maxFiles: 1,
    multiple: false,
    maxSize: EXTRACT_MAX_FILE_BYTES,
    disabled: busy,
    onDrop: (accepted, rejected) => {
      if (rejected.length || !accepted.length) {
        setStatus('error');
        setError(rejectionMessage(rejected));
        return;
      }
      void process(accepted[0]);
    },
  });

  const remove = () => {
    setFile(null);
    setError(null);
    setStatus('idle');
    onRemove();
  };

  const statusText = status === 'reading' || status === 'extracting' || status === 'complete' ? EXTRACT_TEXTS.status[status] : undefined;

  return (
    <section aria-labelledby="load-extract-title" style={{ paddingTop: 4 }}>
      <Flex justify="space-between" align="start" gap={8}>
        <div>
          <Typography.Title level={5} id="load-extract-title" style={{ margin: 0 }}>
            {EXTRACT_TEXTS.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {EXTRACT_TEXTS.hint}
          </Typography.Paragraph>
        </div>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={EXTRACT_TEXTS.close} onClick={onClose} disabled={busy} />
      </Flex>

      <div
        {...getRootProps({
          'aria-label': EXTRACT_TEXTS.drag,
          'aria-disabled': busy,
          style: {
            border: `2px dashed ${isDragActive ? token.colorPrimary : token.colorBorder}`,
            borderRadius: token.borderRadiusLG,
            background: isDragActive ? token.colorPrimaryBg : token.colorFillQuaternary,
            padding: '28px 16px',
            textAlign: 'center',
            cursor: busy ? 'not-allowed' : 'pointer',
            opacity: busy ? 0.6 : 1,
            transition: 'border-color 0.2s, background 0.2s',
          },
        })}
      >
        <input {...getInputProps()} data-testid="load-extract-input" />
        <InboxOutlined {...DECORATIVE_ICON} style={{ fontSize: 36, color: token.colorPrimary }} />
        <Typography.Paragraph strong style={{ margin: '8px 0 2px' }}>
          {isDragActive ? EXTRACT_TEXTS.drop : EXTRACT_TEXTS.drag}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{EXTRACT_TEXTS.browse}</Typography.Text>
      </div>

      {file && (
        <Card size="small" style={{ marginTop: 12 }} data-testid="load-extract-file">
          <Flex align="center" gap={12}>
            {preview ? (
              <img src={preview} alt={file.name} style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: token.borderRadiusSM, border: `1px solid ${token.colorBorderSecondary}` }} />
            ) : (
              <FileTextOutlined {...DECORATIVE_ICON} style={{ fontSize: 28, color: token.colorTextSecondary }} />
            )}
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong ellipsis={{ tooltip: file.name }}>
                {file.name}
              </Typography.Text>
              {statusText && (
                <Typography.Text type={status === 'complete' ? 'success' : 'secondary'} role="status">
                  {status === 'complete' ? <CheckCircleFilled {...DECORATIVE_ICON} /> : <LoadingOutlined {...DECORATIVE_ICON} />} {statusText}
                </Typography.Text>
              )}
              {busy && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="load-extract-elapsed">
                  {EXTRACT_TEXTS.elapsed(elapsed)}
                </Typography.Text>
              )}
            </Flex>
            <Button onClick={remove} disabled={busy}>
              {EXTRACT_TEXTS.remove}
            </Button>
          </Flex>
        </Card>
      )}

      {status === 'error' && error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} role="alert" data-testid="load-extract-error" />}
    </section>
  );
}
