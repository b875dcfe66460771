import { WarningOutlined } from '@ant-design/icons';
import {
  formatDollars,
  FUEL_CARD_LAYOUT_LABELS,
  FUEL_CARD_LAYOUTS,
  IMPORT_MAX_BYTES,
  type FuelCardLayout,
  type FuelImportLine,
  type FuelImportResult,
} from '@tms/contracts';
import { ApiError, CsvDropZone, CsvProgress, DECORATIVE_ICON, useCsvSteps, useToast } from '@tms/ui';
import { Alert, Button, Flex, Modal, Select, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatThousandths } from './fuel-display.js';
import { useFuelImport } from './fuel-import.api.js';

export interface FuelImportDialogProps {
  open: boolean;
  onClose: () => void;
}

const OUTCOME_TAGS: Record<FuelImportLine['outcome'], { color: string; label: string }> = {
  create: { color: 'green', label: 'New' },
  exists: { color: 'default', label: 'Imported before' },
  skip: { color: 'orange', label: 'Not imported' },
  error: { color: 'red', label: 'Cannot import' },
};

const LINE_COLUMNS = [
  { title: 'Line', key: 'line', width: 110, render: (_: unknown, line: FuelImportLine) => `Row ${line.row}: ${line.item}` },
  {
    title: 'What it becomes',
    key: 'becomes',
    render: (_: unknown, line: FuelImportLine) => (
      <Flex vertical gap={4}>
        <span>
          <Tag color={OUTCOME_TAGS[line.outcome].color}>{OUTCOME_TAGS[line.outcome].label}</Tag>
          {line.description}
        </span>
        {line.warnings.map((warning) => (
          <Typography.Text key={warning} type="warning">
            <WarningOutlined {...DECORATIVE_ICON} /> {warning}
          </Typography.Text>
        ))}
      </Flex>
    ),
  },
  {
    title: 'Problem',
    key: 'problems',
    width: 240,
    render: (_: unknown, line: FuelImportLine) => (line.problems.length ? <Typography.Text type="danger">{line.problems.join('; ')}</Typography.Text> : null),
  },
];

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.fieldIssues.file?.[0] ?? error.fieldIssues.layout?.[0] ?? error.reason ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Issue 48's 'Import Fuel Card Statement': pick the card's layout, drop its CSV, read the dry run (every line: what it
 * becomes, the GPS check's warnings, or why it cannot be imported), then Import applies it all, or nothing while a
 * line cannot be.
 */
export function FuelImportDialog({ open, onClose }: FuelImportDialogProps) {
  const fuelImport = useFuelImport();
  const toast = useToast();
  const [layout, setLayout] = useState<FuelCardLayout>('efs');
  const { file, step, failure, send, choose, chooseAnother, result } = useCsvSteps<FuelImportResult, FuelCardLayout>({
    upload: (file, dryRun, onProgress, as) => fuelImport.mutateAsync({ layout: as, file, dryRun, onProgress }),
    applied: (result) => {
      if (result.errors.length) return false;
      const { purchases, expenses, existing } = result.counts;
      toast.success('Fuel card statement imported', `${count(purchases, 'fuel purchase')}, ${count(expenses, 'expense')}, ${existing} imported before`);
      onClose();
      return true;
    },
    failureText,
  });

  const fresh = result ? result.counts.purchases + result.counts.expenses : 0;
  const blocked = !result || result.errors.length > 0 || result.counts.problems > 0 || fresh === 0;
  const footer = [
    <Button key="cancel" onClick={onClose} disabled={step.phase === 'sending'}>
      Cancel
    </Button>,
    result && (
      <Button key="another" onClick={chooseAnother}>
        Choose another file
      </Button>
    ),
    <Button key="import" type="primary" disabled={blocked} loading={step.phase === 'sending' && !step.dryRun} onClick={() => file && void send(file, false, layout)}>
      Import
    </Button>,
  ];

  return (
    <Modal open={open} title="Import Fuel Card Statement" onCancel={step.phase === 'sending' ? undefined : onClose} footer={footer} width={960} destroyOnHidden maskClosable={false}>
      <Flex vertical gap={16}>
        <label>
          <Typography.Text>Layout </Typography.Text>
          <Select<FuelCardLayout>
            aria-label="Layout"
            value={layout}
            disabled={step.phase === 'sending'}
            style={{ width: 260 }}
            options={FUEL_CARD_LAYOUTS.map((value) => ({ value, label: FUEL_CARD_LAYOUT_LABELS[value] }))}
            onChange={(value) => {
              setLayout(value);
              // A file already checked is checked again under the layout chosen now.
              if (file && step.phase === 'checked') void send(file, true, value);
            }}
          />
        </label>
        {failure && <Alert type="error" showIcon title={failure} />}
        {step.phase === 'choose' && (
          <CsvDropZone
            onChoose={(chosen) => choose(chosen, layout)}
            text="Drop the statement's CSV here, or click to choose it"
            hint={`Every line is checked first (units, drivers, the truck's GPS); nothing is imported until you click Import. At most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`}
          />
        )}
        {step.phase === 'sending' && <CsvProgress fileName={file?.name} step={step} checking="Checking every line..." />}
        {result && (
          <>
            <Typography.Text>{file?.name}</Typography.Text>
            <Flex gap={32} wrap aria-label="Dry run">
              <Statistic title="Fuel purchases" value={result.counts.purchases} />
              <Statistic title="Gallons" value={formatThousandths(result.totals.gallons)} />
              <Statistic title="Purchases total" value={formatDollars(result.totals.purchases)} />
              <Statistic title="Expenses" value={result.counts.expenses} />
              <Statistic title="Expenses total" value={formatDollars(result.totals.expenses)} />
              <Statistic title="Imported before" value={result.counts.existing} />
              <Statistic title="GPS warnings" value={result.counts.flagged} />
              <Statistic title="Problems" value={result.counts.problems} />
            </Flex>
            {result.errors.map((error) => (
              <Alert key={error} type="warning" showIcon title={error} />
            ))}
            {!result.errors.length && !result.counts.problems && (
              <Alert type="success" showIcon title={fresh ? 'Every line can be imported.' : 'Every line was imported before: nothing would change.'} />
            )}
            {result.lines.length > 0 && (
              <Table<FuelImportLine>
                aria-label="Statement lines"
                size="small"
                rowKey={(line) => `${line.row}-${line.item}`}
                columns={LINE_COLUMNS}
                dataSource={result.lines}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              />
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
