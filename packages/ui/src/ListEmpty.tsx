import { Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** An empty list: 'No X found' and a hint, optionally with an action below. */
export function ListEmpty({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '24px 0' }}
      description={
        <Flex vertical gap={4}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {title}
          </Typography.Text>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </Flex>
      }
    >
      {action}
    </Empty>
  );
}
