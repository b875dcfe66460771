import { FileSearchOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { DECORATIVE_ICON } from '@tms/ui';

/**
 * The 'AI Extract' tab of the load dialog. The upload panel of spec 2.5 (a document read by POST /api/extract-load)
 * comes with its own issue and replaces this body; it will fill the Manual Entry form and switch to it.
 */
export function LoadExtractPanel() {
  return (
    <Empty
      image={<FileSearchOutlined {...DECORATIVE_ICON} style={{ fontSize: 40, opacity: 0.45 }} />}
      styles={{ image: { height: 48 } }}
      description="Reading a load from a document is not available yet."
      style={{ padding: '32px 0' }}
    />
  );
}
