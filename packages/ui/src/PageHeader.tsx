import { Flex, Typography } from 'antd';

/** A screen's title, subtitle and main action, the same on every screen. */
export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: React.ReactNode }) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 24 }}>
      <div>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 28, lineHeight: 1.3 }}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {subtitle}
          </Typography.Paragraph>
        )}
      </div>
      {extra}
    </Flex>
  );
}
