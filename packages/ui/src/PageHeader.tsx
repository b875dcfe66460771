import { Flex, Typography } from 'antd';

/**
 * A screen's title, subtitle and main action, the same on every screen. `level` 2 for a list inside a tab of a
 * screen that has its own title (Accounting's Invoices).
 */
export function PageHeader({ title, subtitle, extra, level = 1 }: { title: string; subtitle?: string; extra?: React.ReactNode; level?: 1 | 2 }) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 24 }}>
      <div>
        <Typography.Title level={level} style={{ margin: 0, fontSize: level === 1 ? 28 : 20, lineHeight: 1.3 }}>
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
