import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { LoadDocument } from '@tms/contracts';
import { DAY_DISPLAY_FORMAT, DECORATIVE_ICON } from '@tms/ui';
import { Alert, Button, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { documentDownloadUrl, loadDocumentsQuery } from './documents.api.js';
import { DOCUMENT_TEXTS, formatFileSize } from './load-documents.js';

const columns: TableColumnsType<LoadDocument> = [
  {
    key: 'fileName',
    title: DOCUMENT_TEXTS.columns.fileName,
    ellipsis: true,
    render: (_, document) => (
      <Flex gap={8} align="center" style={{ minWidth: 0 }}>
        <FileTextOutlined {...DECORATIVE_ICON} />
        <Typography.Text ellipsis={{ tooltip: document.fileName }}>{document.fileName}</Typography.Text>
      </Flex>
    ),
  },
  { key: 'documentType', title: DOCUMENT_TEXTS.columns.documentType, dataIndex: 'documentType', width: 140 },
  { key: 'fileSize', title: DOCUMENT_TEXTS.columns.fileSize, width: 90, render: (_, document) => formatFileSize(document.fileSize) },
  {
    key: 'uploadedAt',
    title: DOCUMENT_TEXTS.columns.uploadedAt,
    width: 160,
    // In the user's time zone: 'Mar 4, 2027 2:05 PM'.
    render: (_, document) => dayjs(document.uploadedAt).format(`${DAY_DISPLAY_FORMAT} h:mm A`),
  },
  {
    key: 'download',
    width: 110,
    render: (_, document) => (
      // A plain link: the browser downloads the attachment itself, streamed, with the session cookie.
      <Button type="link" size="small" icon={<DownloadOutlined {...DECORATIVE_ICON} />} href={documentDownloadUrl(document.id)} download={document.fileName} aria-label={`${DOCUMENT_TEXTS.download} ${document.fileName}`}>
        {DOCUMENT_TEXTS.download}
      </Button>
    ),
  },
];

/**
 * The edit dialog's 'Documents': the files kept with the load, each with its type, size, upload time and a download;
 * `titled` false where the place already names them (the load's workspace).
 */
export function LoadDocuments({ loadId, titled = true }: { loadId: string; titled?: boolean }) {
  const documents = useQuery(loadDocumentsQuery(loadId));
  return (
    <section aria-labelledby={titled ? 'load-documents-title' : undefined} data-testid="load-documents">
      {titled && (
        <Typography.Title level={5} id="load-documents-title" style={{ marginTop: 8 }}>
          {DOCUMENT_TEXTS.title}
        </Typography.Title>
      )}
      {documents.isError ? (
        <Alert type="error" showIcon title={DOCUMENT_TEXTS.loadFailed} />
      ) : (
        <Table<LoadDocument>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={documents.data}
          loading={documents.isPending}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DOCUMENT_TEXTS.empty} /> }}
        />
      )}
    </section>
  );
}
