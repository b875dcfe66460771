import { formatDollars, type SettlementDraft, type SettlementDraftLoad } from '@tms/contracts';
import { formatDay, useToast } from '@tms/ui';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Table, Typography, type FormInstance, type TableColumnType } from 'antd';
import { refusalReason } from '../shared/refusal-reason.js';
import { numeric } from '../shared/display.js';
import { formatMiles } from './settlement-columns.js';
import { draftDeductionLines, draftPayLines, SETTLEMENT_FILL_TEXTS, settlementDraftRequest, type DraftPayLine, type SettlementFormValues } from './settlement-form.js';
import { fetchSettlementDraft } from './settlements.api.js';

const dollars = (amount: string) => <span style={numeric}>{formatDollars(amount)}</span>;

/** The loads a draft pays: number, route, delivery date, rate, miles and the driver's pay for each. */
const LOAD_COLUMNS: TableColumnType<SettlementDraftLoad>[] = [
  { title: 'Load #', dataIndex: 'loadNumber', key: 'loadNumber' },
  { title: 'Route', key: 'route', render: (_, load) => `${load.pickupLocation} → ${load.deliveryLocation}` },
  { title: 'Delivery Date', dataIndex: 'deliveryDate', key: 'deliveryDate', render: (day: string) => formatDay(day) },
  { title: 'Rate', dataIndex: 'rate', key: 'rate', align: 'right', render: dollars },
  { title: 'Miles', dataIndex: 'miles', key: 'miles', align: 'right', render: formatMiles },
  { title: 'Pay', dataIndex: 'pay', key: 'pay', align: 'right', render: dollars },
];

/** Issue 43: the driver pay's parts, each its own line. */
const PAY_COLUMNS: TableColumnType<DraftPayLine>[] = [
  { title: 'Driver Pay', dataIndex: 'label', key: 'label' },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: dollars },
];

/**
 * 'Fill from loads' (issue 26), once a driver and a period are chosen: asks the server what the settlement of that
 * driver's delivered loads in the period would be, lists the loads and hands the draft to the dialog to fill its fields.
 */
export function FillFromLoads({ form, draft, onFilled }: { form: FormInstance<SettlementFormValues>; draft: SettlementDraft | null; onFilled: (draft: SettlementDraft) => void }) {
  const toast = useToast();
  const request = settlementDraftRequest({
    driverId: Form.useWatch('driverId', form),
    periodStart: Form.useWatch('periodStart', form),
    periodEnd: Form.useWatch('periodEnd', form),
  });
  const fill = useMutation({
    mutationFn: fetchSettlementDraft,
    onSuccess: onFilled,
    onError: (error) => toast.error(SETTLEMENT_FILL_TEXTS.failed, refusalReason(error)),
  });

  return (
    <Flex vertical gap={12} style={{ marginBottom: 24 }}>
      <Flex align="center" gap={12} wrap>
        <Button disabled={!request} loading={fill.isPending} onClick={() => request && fill.mutate(request)}>
          {SETTLEMENT_FILL_TEXTS.fill}
        </Button>
        {!request && <Typography.Text type="secondary">{SETTLEMENT_FILL_TEXTS.hint}</Typography.Text>}
      </Flex>
      {draft && draft.loads.length === 0 && <Alert type="info" showIcon title={SETTLEMENT_FILL_TEXTS.none} />}
      {draft && draft.loads.length > 0 && (
        <Table<SettlementDraftLoad>
          aria-label="Loads to settle"
          size="small"
          rowKey="loadId"
          columns={LOAD_COLUMNS}
          dataSource={draft.loads}
          pagination={false}
          scroll={{ x: 'max-content', y: 240 }}
        />
      )}
      {draft && draft.loads.length > 0 && (
        <Table<DraftPayLine>
          aria-label="Driver pay"
          size="small"
          rowKey="key"
          columns={PAY_COLUMNS}
          dataSource={draftPayLines(draft)}
          pagination={false}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>Total</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>{dollars(draft.driverPay)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
      {draft && draft.deductionLines.length > 0 && (
        <Table<DraftPayLine>
          aria-label="Deductions"
          size="small"
          rowKey="key"
          columns={[{ ...PAY_COLUMNS[0], title: 'Deductions' }, PAY_COLUMNS[1]]}
          dataSource={draftDeductionLines(draft)}
          pagination={false}
        />
      )}
      {draft && draft.missingMiles.length > 0 && <Alert type="warning" showIcon title={SETTLEMENT_FILL_TEXTS.missingMiles(draft.missingMiles)} />}
    </Flex>
  );
}
