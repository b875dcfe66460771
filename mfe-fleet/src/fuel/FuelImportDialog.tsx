import { WarningOutlined } from '@ant-design/icons';
import {
  formatDollars,
  FUEL_CARD_LAYOUT_LABELS,
  FUEL_CARD_LAYOUTS,
  FUEL_MAPPING_FIELDS,
  FUEL_MAPPING_LAYOUT,
  FUEL_MAPPING_REQUIRED,
  fuelMappingFieldLabel,
  guessFuelMapping,
  IMPORT_MAX_BYTES,
  type FuelCardLayout,
  type FuelImportLine,
  type FuelImportResult,
  type StatementField,
} from '@tms/contracts';
import { ApiError, CsvDropZone, CsvProgress, DECORATIVE_ICON, readCsvRows, useCsvSteps, useToast } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Modal, Select, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatThousandths } from './fuel-display.js';
import { fuelMappingsQuery, useDeleteFuelMapping, useFuelImport, useSaveFuelMapping, type StatementReading } from './fuel-import.api.js';

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

/** The layout choice: a built-in layout, a saved mapping ('mapping:<id>'), or mapping a file's columns now. */
type LayoutChoice = FuelCardLayout | `${typeof FUEL_MAPPING_LAYOUT}:${string}` | typeof MAP_COLUMNS;
const MAP_COLUMNS = 'map-columns';
const MAPPING_PREFIX = `${FUEL_MAPPING_LAYOUT}:`;

function readingOf(choice: LayoutChoice): StatementReading {
  return choice.startsWith(MAPPING_PREFIX) ? { layout: FUEL_MAPPING_LAYOUT, mapping: choice.slice(MAPPING_PREFIX.length) } : { layout: choice as FuelCardLayout };
}

/** A file being mapped: its column titles and, per field, the one chosen (pre-chosen where a built-in layout's title matches). */
interface Mapping {
  file: File;
  headers: string[];
  columns: Partial<Record<StatementField, string>>;
  name: string;
  issues: string[];
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.fieldIssues.file?.[0] ?? error.fieldIssues.layout?.[0] ?? error.fieldIssues.mapping?.[0] ?? error.reason ?? error.message;
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
  const [layout, setLayout] = useState<LayoutChoice>(FUEL_CARD_LAYOUTS[0]);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const saved = useQuery({ ...fuelMappingsQuery(), enabled: open });
  const saveMapping = useSaveFuelMapping();
  const deleteMapping = useDeleteFuelMapping();
  const { file, step, failure, send, choose, chooseAnother, result } = useCsvSteps<FuelImportResult, LayoutChoice>({
    upload: (file, dryRun, onProgress, as) => fuelImport.mutateAsync({ reading: readingOf(as), file, dryRun, onProgress }),
    applied: (result) => {
      if (result.errors.length) return false;
      const { purchases, expenses, existing } = result.counts;
      toast.success('Fuel card statement imported', `${count(purchases, 'fuel purchase')}, ${count(expenses, 'expense')}, ${existing} imported before`);
      onClose();
      return true;
    },
    failureText,
  });

  /** 'Map columns…' with a file: its header row's titles are offered for each field. */
  const startMapping = async (chosen: File) => {
    const [headers = []] = await readCsvRows(chosen);
    const titles = headers.map((title) => title.trim()).filter(Boolean);
    setMapping({ file: chosen, headers: titles, columns: guessFuelMapping(titles), name: '', issues: [] });
  };

  /** Saved, the mapping is the layout chosen and the file's dry run runs by it. */
  const onSaveMapping = async () => {
    if (!mapping) return;
    const columns = Object.fromEntries(Object.entries(mapping.columns).filter(([, title]) => title));
    try {
      const created = await saveMapping.mutateAsync({ name: mapping.name, columns });
      const choice: LayoutChoice = `${MAPPING_PREFIX}${created.id}`;
      setLayout(choice);
      setMapping(null);
      choose(mapping.file, choice);
    } catch (error) {
      const issues = error instanceof ApiError && Object.keys(error.fieldIssues).length ? Object.values(error.fieldIssues).flat() : [failureText(error)];
      setMapping({ ...mapping, issues });
    }
  };

  /** The saved mapping chosen as the layout, if one is. */
  const chosenMapping = layout.startsWith(MAPPING_PREFIX) ? saved.data?.find((one) => `${MAPPING_PREFIX}${one.id}` === layout) : undefined;

  /** 'Delete Mapping': asked first, as every delete is; the layout goes back to the first built-in one. */
  const onDeleteMapping = async (chosen: { id: string; name: string }) => {
    if (!window.confirm(`Delete the mapping ${chosen.name}? Statements imported by it stay as they are.`)) return;
    try {
      await deleteMapping.mutateAsync(chosen.id);
      setLayout(FUEL_CARD_LAYOUTS[0]);
      if (file) chooseAnother();
      toast.success('Mapping deleted', chosen.name);
    } catch (error) {
      toast.error('The mapping could not be deleted', failureText(error));
    }
  };

  const layoutOptions = [
    ...FUEL_CARD_LAYOUTS.map((value) => ({ value: value as LayoutChoice, label: FUEL_CARD_LAYOUT_LABELS[value] })),
    ...(saved.data ?? []).map((saved) => ({ value: `${MAPPING_PREFIX}${saved.id}` as LayoutChoice, label: saved.name })),
    { value: MAP_COLUMNS as LayoutChoice, label: 'Map columns…' },
  ];

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
        <Flex gap={12} align="center" wrap>
          <label>
            <Typography.Text>Layout </Typography.Text>
            <Select<LayoutChoice>
              aria-label="Layout"
              value={layout}
              disabled={step.phase === 'sending' || saveMapping.isPending}
              style={{ width: 260 }}
              options={layoutOptions}
              onChange={(value) => {
                setLayout(value);
                setMapping(null);
                if (value === MAP_COLUMNS) {
                  // A file already chosen is mapped now; otherwise once it is.
                  if (file && step.phase === 'checked') {
                    chooseAnother();
                    void startMapping(file);
                  }
                  return;
                }
                // A file already checked is checked again under the layout chosen now.
                if (file && step.phase === 'checked') void send(file, true, value);
              }}
            />
          </label>
          {chosenMapping && (
            <Button danger disabled={step.phase === 'sending'} loading={deleteMapping.isPending} onClick={() => void onDeleteMapping(chosenMapping)}>
              Delete Mapping
            </Button>
          )}
        </Flex>
        {failure && <Alert type="error" showIcon title={failure} />}
        {mapping && (
          <Flex vertical gap={12} aria-label="Column mapping">
            <Typography.Text>
              {mapping.file.name}: choose the column that holds each field (those marked * are required).
            </Typography.Text>
            <Flex wrap gap={12}>
              {FUEL_MAPPING_FIELDS.map((field) => (
                <label key={field} style={{ width: 280 }}>
                  <Typography.Text>
                    {fuelMappingFieldLabel(field)}
                    {FUEL_MAPPING_REQUIRED.includes(field) ? ' *' : ''}
                  </Typography.Text>
                  <Select<string>
                    aria-label={`${fuelMappingFieldLabel(field)} column`}
                    allowClear
                    placeholder="Not in the file"
                    style={{ width: '100%' }}
                    value={mapping.columns[field]}
                    options={mapping.headers.map((header) => ({ value: header, label: header }))}
                    onChange={(value) => setMapping({ ...mapping, columns: { ...mapping.columns, [field]: value } })}
                  />
                </label>
              ))}
            </Flex>
            <Flex gap={12} align="end">
              <label style={{ width: 280 }}>
                <Typography.Text>Mapping name</Typography.Text>
                <Input aria-label="Mapping name" value={mapping.name} maxLength={100} onChange={(event) => setMapping({ ...mapping, name: event.target.value })} />
              </label>
              <Button type="primary" loading={saveMapping.isPending} onClick={() => void onSaveMapping()}>
                Save Mapping
              </Button>
            </Flex>
            {mapping.issues.map((issue) => (
              <Alert key={issue} type="error" showIcon title={issue} />
            ))}
          </Flex>
        )}
        {step.phase === 'choose' && !mapping && (
          <CsvDropZone
            onChoose={(chosen) => (layout === MAP_COLUMNS ? void startMapping(chosen) : choose(chosen, layout))}
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
