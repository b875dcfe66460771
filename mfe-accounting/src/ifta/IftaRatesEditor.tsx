import { IFTA_STATE_CODES, iftaRatesFromRows, isNonIfta, type IftaRate } from '@tms/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { ApiError, readCsvRows, useToast } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { iftaRatesQuery, useSaveIftaRates, type IftaChoice } from './ifta.api.js';

export const IFTA_RATES_CSV_TEXTS = {
  button: 'Load Rates from CSV',
  read: (count: number, file: string) => `${count === 1 ? '1 rate' : `${count} rates`} read from ${file}: look them over, then Save Rates`,
  skipped: (count: number) => (count === 1 ? '1 row named no IFTA state and was passed over' : `${count} rows named no IFTA state and were passed over`),
  failed: 'The file could not be read as CSV.',
} as const;

interface Props {
  choice: IftaChoice;
  /** The IFTA states the report has miles or fuel in: each gets a row, with or without a rate. */
  states: readonly string[];
}

/**
 * The quarter's tax rates per gallon, entered by the user (they change every quarter): a row for each state of the
 * report and each state saved, more added by choosing a state; saved as the whole list. A state left blank has no
 * rate (its tax due is not computed).
 */
export function IftaRatesEditor({ choice, states }: Props) {
  const saved = useQuery(iftaRatesQuery(choice));
  const save = useSaveIftaRates(choice);
  const toast = useToast();
  const [rates, setRates] = useState<Record<string, string>>({});
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [skipped, setSkipped] = useState<string[]>([]);
  useEffect(() => {
    setRates(Object.fromEntries((saved.data?.rates ?? []).map(({ jurisdiction, rate }) => [jurisdiction, rate])));
    setIssues({});
  }, [saved.data]);
  // A rate saved for a non-IFTA jurisdiction before they were told apart is not shown, nor sent again.
  const shown = [...new Set([...states, ...Object.keys(rates).filter((state) => !isNonIfta(state))])].sort();

  // Issue 50: the rates of a published table, filled in for the clerk to look over and save.
  const loadCsv = async (file: File) => {
    const read = iftaRatesFromRows(await readCsvRows(file));
    setRates((current) => ({ ...current, ...Object.fromEntries(read.rates.map(({ jurisdiction, rate }) => [jurisdiction, rate])) }));
    setSkipped(read.skipped);
    toast.success(IFTA_RATES_CSV_TEXTS.read(read.rates.length, file.name));
  };

  const submit = async () => {
    const list: IftaRate[] = shown.filter((state) => rates[state]?.trim()).map((state) => ({ jurisdiction: state as IftaRate['jurisdiction'], rate: rates[state] }));
    try {
      await save.mutateAsync(list);
      setIssues({});
      toast.success('IFTA rates saved');
    } catch (error) {
      // 'rates.2.rate' → under the third state sent.
      const found: Record<string, string> = {};
      if (error instanceof ApiError) {
        for (const [path, messages] of Object.entries(error.fieldIssues)) {
          const index = /^rates\.(\d+)\./.exec(path)?.[1];
          if (index !== undefined && list[Number(index)]) found[list[Number(index)].jurisdiction] = messages[0];
        }
      }
      setIssues(found);
      toast.error('Failed to save IFTA rates. Please try again.');
    }
  };

  return (
    <Form layout="inline" onFinish={submit} aria-label="IFTA rates">
      <Space wrap align="start">
        {shown.map((state) => (
          <Form.Item key={state} label={state} validateStatus={issues[state] ? 'error' : undefined} help={issues[state]}>
            <Input aria-label={`Rate ${state}`} placeholder="0.0000" style={{ width: 96 }} value={rates[state] ?? ''} onChange={(event) => setRates({ ...rates, [state]: event.target.value })} />
          </Form.Item>
        ))}
        <Select
          aria-label="Add a state"
          placeholder="Add a state"
          style={{ width: 140 }}
          value={null}
          showSearch
          options={IFTA_STATE_CODES.filter((state) => !shown.includes(state)).map((state) => ({ value: state, label: state }))}
          onChange={(state: string) => setRates({ ...rates, [state]: '' })}
        />
        <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(file) => {
            // Read here, never uploaded.
            loadCsv(file).catch(() => toast.error(IFTA_RATES_CSV_TEXTS.failed));
            return false;
          }}>
          <Button icon={<UploadOutlined aria-hidden />}>{IFTA_RATES_CSV_TEXTS.button}</Button>
        </Upload>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save Rates
        </Button>
      </Space>
      {skipped.length > 0 && (
        <Alert type="info" showIcon style={{ marginTop: 8 }} title={IFTA_RATES_CSV_TEXTS.skipped(skipped.length)} description={skipped.slice(0, 5).join('; ')} />
      )}
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        Dollars per gallon for the quarter, up to 4 decimals.
      </Typography.Text>
    </Form>
  );
}
