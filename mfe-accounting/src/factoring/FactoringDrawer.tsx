import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  formatDollars,
  LEDGER_ENTRY_LABELS,
  REPORT_FIELD_LABELS,
  REPORT_FIELDS,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  type FactoringInvoice,
  type Ledger,
  type ReportKind,
  type ReportResult,
  type Schedule,
} from '@tms/contracts';
import { ApiError, DayPicker, formatDay, useToast } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Flex, Input, Segmented, Space, Statistic, Table, Tabs, Tag, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { numeric } from '../shared/display.js';
import { useDownload } from '../shared/download.js';
import { refusalReason } from '../shared/refusal-reason.js';
import { factorQuery, ledgerQuery, mappingQuery, offeredInvoicesQuery, scheduleFileUrl, schedulesQuery, useMakeSchedule, useReport } from './factoring.api.js';

export const FACTORING_TEXTS = {
  button: 'Factoring',
  title: 'Factoring',
  notSet: 'Save the factor in Settings (Factoring) first: its name, remit-to, notice and terms.',
  ready: 'Ready invoices',
  makeSchedule: 'Make Schedule',
  scheduleMade: (number: string) => `Schedule ${number} made`,
  scheduleFailed: 'The schedule could not be made',
  noInvoices: "No invoices of factored customers wait for a schedule. Set a customer's Invoicing to Factored in its dialog.",
  schedules: 'Schedules',
  noSchedules: 'No schedules yet',
  reports: 'Reports',
  reportIntro: "Upload the factor's purchase or payment report as CSV. Columns are matched by name; map any the factor names otherwise (remembered once applied). Check it first: nothing is applied until every row is clean.",
  check: 'Check',
  apply: 'Apply',
  applied: 'Report applied',
  nothingNew: 'Every row was applied before: nothing changed',
  ledger: 'Ledger',
  noEntries: 'No entries',
  balances: { advanced: 'Advanced', fees: 'Fees', reserveHeld: 'Reserve held', owedBack: 'Owed back to factor' },
} as const;

const money = (amount: string) => formatDollars(amount);

/** The invoices of factored customers waiting for a schedule: the ready ones to pick, the others with why not. */
function ReadyInvoices() {
  const offered = useQuery(offeredInvoicesQuery());
  const make = useMakeSchedule();
  const toast = useToast();
  const [picked, setPicked] = useState<string[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const submit = () =>
    make.mutate(picked, {
      onSuccess: (schedule) => {
        setPicked([]);
        setRefused([]);
        toast.success(FACTORING_TEXTS.scheduleMade(schedule.scheduleNumber), schedule.warnings.join(' '));
      },
      onError: (error) => {
        setRefused(error instanceof ApiError ? (error.fieldIssues.invoiceIds ?? []) : []);
        toast.error(FACTORING_TEXTS.scheduleFailed, refusalReason(error));
      },
    });
  return (
    <Flex vertical gap={12}>
      {refused.length > 0 && <Alert type="error" showIcon title={FACTORING_TEXTS.scheduleFailed} description={<ul style={{ margin: 0 }}>{refused.map((reason) => <li key={reason}>{reason}</li>)}</ul>} />}
      <Space>
        <Button type="primary" disabled={!picked.length} loading={make.isPending} onClick={submit}>
          {FACTORING_TEXTS.makeSchedule}
        </Button>
        <Typography.Text type="secondary">{picked.length ? `${picked.length} picked` : ''}</Typography.Text>
      </Space>
      <Table<FactoringInvoice>
        size="small"
        rowKey="id"
        aria-label={FACTORING_TEXTS.ready}
        loading={offered.isPending}
        pagination={false}
        dataSource={offered.data}
        locale={{ emptyText: <Empty description={FACTORING_TEXTS.noInvoices} /> }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys as string[]), getCheckboxProps: (row) => ({ disabled: row.reasons.length > 0, 'aria-label': `Pick ${row.invoiceNumber}` }) }}
        columns={[
          { title: 'Invoice #', dataIndex: 'invoiceNumber' },
          { title: 'Debtor', dataIndex: 'customerName' },
          { title: 'Load #', dataIndex: 'loadNumber' },
          { title: 'Invoice Date', dataIndex: 'invoiceDate', render: (day: string) => formatDay(day) },
          { title: 'Amount', dataIndex: 'total', align: 'right', render: money },
          {
            title: 'Ready',
            key: 'ready',
            render: (_, row) =>
              row.reasons.length ? (
                <Typography.Text type="danger">{row.reasons.map((reason) => reason.replace(`${row.invoiceNumber}: `, '')).join('; ')}</Typography.Text>
              ) : (
                <Space size={4} wrap>
                  <Tag color="green">Ready</Tag>
                  {row.warnings.map((warning) => (
                    <Tag key={warning} color="orange">
                      {warning.replace(`${row.invoiceNumber}: `, '')}
                    </Tag>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </Flex>
  );
}

/** The schedules made, each with its PDF, CSV and ZIP. */
function Schedules() {
  const schedules = useQuery(schedulesQuery());
  const download = useDownload();
  const file = (schedule: Schedule, kind: 'pdf' | 'csv' | 'zip') => (
    <Button size="small" icon={<DownloadOutlined aria-hidden />} aria-label={`${schedule.scheduleNumber} ${kind.toUpperCase()}`} onClick={() => download(scheduleFileUrl(schedule, kind), `The ${kind.toUpperCase()} could not be made`)}>
      {kind.toUpperCase()}
    </Button>
  );
  return (
    <Table<Schedule>
      size="small"
      rowKey="id"
      aria-label={FACTORING_TEXTS.schedules}
      loading={schedules.isPending}
      pagination={false}
      dataSource={schedules.data}
      locale={{ emptyText: <Empty description={FACTORING_TEXTS.noSchedules} /> }}
      expandable={{ expandedRowRender: (schedule) => <Typography.Text type="secondary">{schedule.rows.map((row) => row.invoiceNumber).join(', ')}</Typography.Text> }}
      columns={[
        { title: 'Schedule #', dataIndex: 'scheduleNumber' },
        { title: 'Date', dataIndex: 'scheduleDate', render: (day: string) => formatDay(day) },
        { title: 'Invoices', key: 'count', align: 'right', render: (_, schedule) => schedule.rows.length },
        { title: 'Total', dataIndex: 'total', align: 'right', render: money },
        { title: 'Files', key: 'files', render: (_, schedule) => <Space size={4}>{file(schedule, 'pdf')}{file(schedule, 'csv')}{file(schedule, 'zip')}</Space> },
      ]}
    />
  );
}

/** A factor's report: pick the kind and the file, map columns if need be, check (dry run), then apply. */
function Reports() {
  const [kind, setKind] = useState<ReportKind>('purchase');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ReportResult | null>(null);
  const remembered = useQuery(mappingQuery(kind));
  const report = useReport();
  const toast = useToast();
  useEffect(() => setMapping(remembered.data ?? {}), [remembered.data]);
  useEffect(() => setResult(null), [kind, file]);
  const send = (dryRun: boolean) => {
    if (!file) return;
    const given = Object.fromEntries(Object.entries(mapping).filter(([, header]) => header.trim()));
    report.mutate(
      { kind, file, dryRun, mapping: given },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (!dryRun && answer.applied) toast.success(FACTORING_TEXTS.applied);
          else if (!dryRun && !answer.errors.length) toast.success(FACTORING_TEXTS.nothingNew);
        },
        onError: (error) => toast.error('The report could not be read', refusalReason(error)),
      },
    );
  };
  const clean = result && !result.errors.length && result.rows.every((row) => row.outcome !== 'error');
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {FACTORING_TEXTS.reportIntro}
      </Typography.Paragraph>
      <Segmented<ReportKind> value={kind} onChange={setKind} options={REPORT_KINDS.map((value) => ({ value, label: REPORT_KIND_LABELS[value] }))} />
      <Upload.Dragger accept=".csv,text/csv" maxCount={1} beforeUpload={(chosen) => (setFile(chosen), false)} onRemove={() => setFile(null)} fileList={file ? [{ uid: '1', name: file.name }] : []}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">Drop the report here or click to choose it</p>
      </Upload.Dragger>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 8 }}>
        {REPORT_FIELDS[kind].map((field) => (
          <label key={field}>
            <Typography.Text type="secondary">{REPORT_FIELD_LABELS[field]} column</Typography.Text>
            <Input size="small" placeholder={REPORT_FIELD_LABELS[field]} value={mapping[field] ?? ''} onChange={(event) => setMapping({ ...mapping, [field]: event.target.value })} />
          </label>
        ))}
      </div>
      <Space>
        <Button disabled={!file} loading={report.isPending && report.variables?.dryRun} onClick={() => send(true)}>
          {FACTORING_TEXTS.check}
        </Button>
        <Button type="primary" disabled={!clean || result?.applied} loading={report.isPending && !report.variables?.dryRun} onClick={() => send(false)}>
          {FACTORING_TEXTS.apply}
        </Button>
      </Space>
      {result?.errors.map((error) => <Alert key={error} type={result.rows.length ? 'warning' : 'error'} showIcon title={error} />)}
      {result && result.rows.length > 0 && (
        <Table
          size="small"
          rowKey="row"
          aria-label="Report rows"
          pagination={false}
          dataSource={result.rows}
          columns={[
            { title: 'Row', dataIndex: 'row', width: 60 },
            { title: 'Invoice #', dataIndex: 'invoiceNumber' },
            { title: 'Entries', key: 'entries', render: (_, row) => row.entries.map((entry) => `${LEDGER_ENTRY_LABELS[entry.kind]} ${money(entry.amount)}`).join(', ') },
            {
              title: 'Check',
              key: 'outcome',
              render: (_, row) =>
                row.outcome === 'error' ? <Typography.Text type="danger">{row.errors.join('; ')}</Typography.Text> : <Tag color={row.outcome === 'apply' ? 'green' : 'default'}>{row.outcome === 'apply' ? 'Clean' : 'Applied before'}</Tag>,
            },
          ]}
        />
      )}
    </Flex>
  );
}

/** The ledger: its balances and its entries per invoice, between two days. */
function LedgerView() {
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const ledger = useQuery(ledgerQuery(from?.format('YYYY-MM-DD'), to?.format('YYYY-MM-DD')));
  const rows = (ledger.data?.invoices ?? []).flatMap((invoice) => invoice.entries.map((entry) => ({ ...entry, state: invoice.state })));
  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <span>
          From <DayPicker aria-label="From" value={from} onChange={(day) => setFrom(day as Dayjs | null)} style={{ width: 150 }} />
        </span>
        <span>
          To <DayPicker aria-label="To" value={to} onChange={(day) => setTo(day as Dayjs | null)} style={{ width: 150 }} />
        </span>
      </Space>
      {ledger.data && <LedgerBalances balances={ledger.data.balances} />}
      <Table
        size="small"
        rowKey="id"
        aria-label="Ledger entries"
        loading={ledger.isPending}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: <Empty description={FACTORING_TEXTS.noEntries} /> }}
        columns={[
          { title: 'Date', dataIndex: 'entryDate', render: (day: string) => formatDay(day) },
          { title: 'Invoice #', dataIndex: 'invoiceNumber' },
          { title: 'Entry', dataIndex: 'kind', render: (kind: keyof typeof LEDGER_ENTRY_LABELS) => LEDGER_ENTRY_LABELS[kind] },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: (amount: string) => <span style={numeric}>{money(amount)}</span> },
        ]}
      />
    </Flex>
  );
}

function LedgerBalances({ balances }: { balances: Ledger['balances'] }) {
  return (
    <Flex gap={32} wrap role="group" aria-label="Balances">
      {(Object.keys(FACTORING_TEXTS.balances) as (keyof Ledger['balances'])[]).map((key) => (
        <Statistic key={key} title={FACTORING_TEXTS.balances[key]} value={money(balances[key])} />
      ))}
    </Flex>
  );
}

/**
 * Issue 45: Accounting's 'Factoring' (a button beside the tabs, like 'IFTA Report'): the ready invoices to put on a
 * schedule of accounts, the schedules with their files, the factor's reports (checked, then applied) and the ledger.
 */
export function FactoringDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const factor = useQuery({ ...factorQuery(), enabled: open });
  const [tab, setTab] = useState('ready');
  return (
    <Drawer title={FACTORING_TEXTS.title} open={open} onClose={onClose} size="large" styles={{ wrapper: { width: 'min(1000px, 100vw)' } }} destroyOnHidden>
      {factor.data && !factor.data.name && <Alert type="warning" showIcon title={FACTORING_TEXTS.notSet} style={{ marginBottom: 12 }} />}
      {factor.data?.name && (
        <Typography.Paragraph type="secondary">
          {factor.data.name}
          {factor.data.clientNumber && ` · client ${factor.data.clientNumber}`} · advance {factor.data.advancePercent}% · fee {factor.data.feePercent}% · recourse {factor.data.recourseDays} days
        </Typography.Paragraph>
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'ready', label: FACTORING_TEXTS.ready, children: <ReadyInvoices /> },
          { key: 'schedules', label: FACTORING_TEXTS.schedules, children: <Schedules /> },
          { key: 'reports', label: FACTORING_TEXTS.reports, children: <Reports /> },
          { key: 'ledger', label: FACTORING_TEXTS.ledger, children: <LedgerView /> },
        ]}
      />
    </Drawer>
  );
}
