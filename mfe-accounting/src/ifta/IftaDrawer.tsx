import { DownloadOutlined } from '@ant-design/icons';
import { formatDollars, IFTA_GAP_REASON_LABELS, IFTA_GAPS_MAX, IFTA_LINE_STATUS_LABELS, iftaTotalLine, type IftaGap, type IftaJurisdictionRow, type IftaProblem } from '@tms/contracts';
import { useChoices } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { iftaCsvUrl, iftaRecordsUrl, iftaReportQuery, type IftaChoice } from './ifta.api.js';
import { IftaRatesEditor } from './IftaRatesEditor.js';

const current = dayjs();
const YEARS = Array.from({ length: 4 }, (_, index) => current.year() - index).map((year) => ({ value: year, label: String(year) }));
const QUARTERS = [1, 2, 3, 4].map((quarter) => ({ value: quarter, label: `Q${quarter}` }));
const time = (iso: string) => dayjs(iso).format('MMM D, YYYY HH:mm');
const orDash = (value: string | null) => value ?? '—';
/** Money as people read it: '$1,234.56', a credit '-$0.84'. */
const dollars = (value: string | null) => (value === null ? '—' : formatDollars(value));

const JURISDICTION_COLUMNS = [
  { title: 'Jurisdiction', dataIndex: 'jurisdiction' },
  { title: 'Total Miles', dataIndex: 'miles', align: 'right' as const },
  { title: 'Taxable Miles', dataIndex: 'taxableMiles', align: 'right' as const },
  { title: 'Taxable Gallons', dataIndex: 'taxableGallons', align: 'right' as const, render: orDash },
  { title: 'Tax-Paid Gallons', dataIndex: 'taxPaidGallons', align: 'right' as const },
  { title: 'Net Taxable Gallons', dataIndex: 'netTaxableGallons', align: 'right' as const, render: orDash },
  { title: 'Tax Rate', dataIndex: 'rate', align: 'right' as const, render: orDash },
  { title: 'Tax Due', dataIndex: 'taxDue', align: 'right' as const, render: dollars },
  { title: 'Status', dataIndex: 'status', align: 'left' as const, render: (status: IftaJurisdictionRow['status']) => IFTA_LINE_STATUS_LABELS[status] },
];

const GAP_COLUMNS = [
  { title: 'Truck', dataIndex: 'truckNumber', render: (number: string | null) => number ?? 'Unknown' },
  { title: 'From', dataIndex: 'from', render: time },
  { title: 'To', dataIndex: 'to', render: time },
  { title: 'Straight-Line Miles', dataIndex: 'miles', align: 'right' as const },
  { title: 'Reason', dataIndex: 'reason', render: (reason: IftaGap['reason']) => IFTA_GAP_REASON_LABELS[reason] },
];

const PROBLEM_COLUMNS = [
  { title: 'Date', dataIndex: 'transactionDate' },
  { title: 'Truck', dataIndex: 'truckNumber', render: (number: string | null) => number ?? 'Unknown' },
  { title: 'Gallons', dataIndex: 'gallons', align: 'right' as const },
  { title: 'Problem', dataIndex: 'message' },
];

/**
 * IFTA, the quarterly fuel-tax report (issue 29), opened from Accounting's 'IFTA Report': choose the quarter (and
 * maybe a truck), read the return per state, what the record is missing (gaps, fuel without a state), enter the
 * quarter's rates, and download the return and the records behind it.
 */
export function IftaDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [choice, setChoice] = useState<IftaChoice>({ year: current.year(), quarter: Math.floor(current.month() / 3) + 1 });
  const trucks = useChoices('trucks');
  const report = useQuery({ ...iftaReportQuery(choice), enabled: open });
  const data = report.data;

  return (
    <Drawer title="IFTA Report" open={open} onClose={onClose} size="large" styles={{ wrapper: { width: 'min(1100px, 100vw)' } }} destroyOnHidden>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label="Year" style={{ width: 100 }} options={YEARS} value={choice.year} onChange={(year: number) => setChoice({ ...choice, year })} />
        <Select aria-label="Quarter" style={{ width: 80 }} options={QUARTERS} value={choice.quarter} onChange={(quarter: number) => setChoice({ ...choice, quarter })} />
        <Select
          {...trucks}
          aria-label="Truck"
          allowClear
          placeholder="All trucks"
          style={{ width: 180 }}
          value={choice.truckId}
          onChange={(truckId?: string) => setChoice({ ...choice, truckId: truckId || undefined })}
        />
        <Button icon={<DownloadOutlined aria-hidden />} href={iftaCsvUrl(choice)} download>
          Download Return CSV
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} href={iftaRecordsUrl(choice)} download>
          Download Records CSV
        </Button>
      </Space>
      {report.isError && <Alert type="error" showIcon title="The report could not be made" description={String(report.error.message)} />}
      {data && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={5} bordered>
            <Descriptions.Item label="Total Miles">{data.totalMiles}</Descriptions.Item>
            <Descriptions.Item label="Non-IFTA Miles">{data.nonIftaMiles}</Descriptions.Item>
            <Descriptions.Item label="Total Gallons">{data.totalGallons}</Descriptions.Item>
            <Descriptions.Item label="Fleet MPG">{orDash(data.fleetMpg)}</Descriptions.Item>
            <Descriptions.Item label="Tax Due">{dollars(data.totalTaxDue)}</Descriptions.Item>
          </Descriptions>
          {data.missingRates.length > 0 && <Alert type="warning" showIcon title={`No rate entered for ${data.missingRates.join(', ')}: their tax due is not computed.`} />}
          <Table<IftaJurisdictionRow>
            size="small"
            rowKey="jurisdiction"
            pagination={false}
            columns={JURISDICTION_COLUMNS}
            dataSource={data.jurisdictions}
            aria-label="Jurisdictions"
            summary={() => (
              <Table.Summary.Row>
                {iftaTotalLine(data).map((cell, index) => (
                  <Table.Summary.Cell key={JURISDICTION_COLUMNS[index].title} index={index} align={JURISDICTION_COLUMNS[index].align}>
                    <Typography.Text strong>{index > 0 && cell !== null ? (JURISDICTION_COLUMNS[index].render?.(cell as never) ?? cell) : cell}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )}
          />
          <div>
            <Typography.Title level={5}>Tax Rates</Typography.Title>
            <IftaRatesEditor choice={choice} states={data.jurisdictions.filter((row) => row.status === 'taxed' || row.status === 'needs-rate').map((row) => row.jurisdiction)} />
          </div>
          <div>
            <Typography.Title level={5}>Gaps in the Record ({data.gapCount})</Typography.Title>
            <Typography.Paragraph type="secondary">
              Not counted as driven: positions more than 2 hours apart, or faster than 90 mph. Add their miles from the odometer.
              {data.gapCount > IFTA_GAPS_MAX && ` The first ${IFTA_GAPS_MAX} are shown.`}
            </Typography.Paragraph>
            <Table<IftaGap> size="small" rowKey={(gap) => `${gap.truckId}${gap.to}`} pagination={{ pageSize: 10, hideOnSinglePage: true }} columns={GAP_COLUMNS} dataSource={data.gaps} aria-label="Gaps" />
          </div>
          <div>
            <Typography.Title level={5}>Problems ({data.problems.length + data.warnings.length})</Typography.Title>
            {data.warnings.length > 0 && (
              // Issue 50: figures to look at before filing (MPG out of range, fuel without miles, miles without fuel).
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 8 }}
                title="Check before filing"
                description={
                  <ul aria-label="Warnings" style={{ margin: 0, paddingLeft: 20 }}>
                    {data.warnings.map((warning) => (
                      <li key={`${warning.kind}:${warning.truckId ?? 'fleet'}`}>{warning.message}</li>
                    ))}
                  </ul>
                }
              />
            )}
            <Table<IftaProblem> size="small" rowKey="fuelId" pagination={{ pageSize: 10, hideOnSinglePage: true }} columns={PROBLEM_COLUMNS} dataSource={data.problems} aria-label="Problems" />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
