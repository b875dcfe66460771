import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHARGE_CODE_LABELS,
  CHARGE_DEFAULT_UNITS,
  CHARGE_STATUS_LABELS,
  CHARGE_STATUSES,
  CHARGE_UNIT_LABELS,
  DETENTION_STATE_LABELS,
  detentionAt,
  formatDollars,
  sumMoney,
  type Charge,
  type ChargeStatus,
  type DetentionState,
  type Load,
  type LoadChargeTerms,
  type Stop,
} from '@tms/contracts';
import { ColorBadge, fieldErrors, MoneyInput, newIdempotencyKey, resourceQueryKey, serverFieldIssues, useToast, type BadgeColor } from '@tms/ui';
import { Alert, Button, Checkbox, Descriptions, Drawer, Flex, Form, Input, Modal, Select, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { chargesApi, loadChargesQuery, loadChargeTermsQuery } from './charges.api.js';
import { CHARGE_CODE_OPTIONS, CHARGE_TEXTS, CHARGE_UNIT_OPTIONS, chargeFormValues, chargePayload, termLines, type ChargeFormValues } from './charge-form.js';
import { loadQuery } from './loads.api.js';

const STATUS_COLORS: Record<ChargeStatus, BadgeColor> = { requested: 'yellow', approved: 'green', denied: 'red' };
const CLOCK_COLORS: Record<DetentionState, BadgeColor> = { 'not-arrived': 'gray', 'late-arrival': 'red', 'free-time': 'blue', running: 'orange', none: 'gray', billable: 'green' };
const STATUS_OPTIONS = CHARGE_STATUSES.map((status) => ({ value: status, label: CHARGE_STATUS_LABELS[status] }));
const TIME = 'MMM D h:mm A';
const FIELDS = Object.keys(chargeFormValues(null));

/** The time now, again every 30 s: the clocks of trucks still waiting move. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Each stop's detention clock under the terms: the rule the server drafts lines with (detentionAt). */
function DetentionClocks({ stops, terms }: { stops: Stop[]; terms: LoadChargeTerms }) {
  const now = useNow();
  return (
    <Flex vertical gap={8} data-testid="detention-clocks">
      {stops.map((stop) => {
        const clock = detentionAt(stop, terms, now);
        const started = clock.clockStartsAt ? `clock from ${dayjs(clock.clockStartsAt).format(TIME)}, detention from ${dayjs(clock.detentionStartsAt).format(TIME)}` : '';
        const waited = clock.clockStartsAt ? `waited ${Math.floor(clock.waitedMinutes / 60)} h ${clock.waitedMinutes % 60} min` : '';
        const billed = clock.billedMinutes ? `${clock.hours} h billed = ${formatDollars(clock.amount)}${clock.capped ? ' (capped)' : ''}` : '';
        return (
          <Flex key={stop.id} gap={8} align="baseline" wrap data-testid="detention-clock">
            <Typography.Text strong>{`Stop ${stop.sequence} · ${stop.facility ?? stop.location}`}</Typography.Text>
            <ColorBadge color={CLOCK_COLORS[clock.state]}>{DETENTION_STATE_LABELS[clock.state]}</ColorBadge>
            <Typography.Text type="secondary">{[started, waited, billed].filter(Boolean).join(' · ')}</Typography.Text>
          </Flex>
        );
      })}
    </Flex>
  );
}

/** 'Add Charge' / 'Edit Charge': a line of the load; the server works out its amount and checks every field. */
function ChargeDialog({ load, line, stops, open, onClose }: { load: Load; line: Charge | null; stops: Stop[]; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ChargeFormValues>();
  const client = useQueryClient();
  const toast = useToast();
  const [key] = useState(newIdempotencyKey);
  const stopOptions = stops.map((stop) => ({ value: stop.id, label: `Stop ${stop.sequence} · ${stop.facility ?? stop.location}` }));
  const save = useMutation({
    mutationFn: (values: ChargeFormValues) =>
      line ? chargesApi.update(load.id, line.id, chargePayload(values, false)) : chargesApi.create(load.id, chargePayload(values, true), key),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [...resourceQueryKey('loads'), load.id, 'charges'] });
      onClose();
    },
    onError: (error) => {
      const issues = serverFieldIssues(error);
      form.setFields(fieldErrors(issues, FIELDS) as Parameters<typeof form.setFields>[0]);
      toast.error(CHARGE_TEXTS.failed, error instanceof Error && 'reason' in error ? (error as { reason?: string }).reason : undefined);
    },
  });
  return (
    <Modal
      open={open}
      title={line ? CHARGE_TEXTS.editTitle : CHARGE_TEXTS.addTitle}
      okText={CHARGE_TEXTS.save}
      cancelText={CHARGE_TEXTS.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      data-testid="charge-dialog"
    >
      <Form form={form} layout="vertical" initialValues={chargeFormValues(line)} onFinish={(values) => save.mutate(values)}>
        <Flex gap={16}>
          <Form.Item label="Code" name="code" style={{ flex: 1 }}>
            <Select options={CHARGE_CODE_OPTIONS} onChange={(code: keyof typeof CHARGE_DEFAULT_UNITS) => !line && form.setFieldValue('unit', CHARGE_DEFAULT_UNITS[code])} />
          </Form.Item>
          <Form.Item label="Status" name="status" style={{ flex: 1 }}>
            <Select options={STATUS_OPTIONS} />
          </Form.Item>
        </Flex>
        <Form.Item label="Description" name="description">
          <Input autoComplete="off" />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item label="Quantity" name="quantity" style={{ flex: 1 }}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Unit" name="unit" style={{ flex: 1 }}>
            <Select options={CHARGE_UNIT_OPTIONS} />
          </Form.Item>
          <Form.Item label="Rate" name="rate" style={{ flex: 1 }} extra={line ? undefined : CHARGE_TEXTS.rateFromTerms}>
            <MoneyInput />
          </Form.Item>
        </Flex>
        <Form.Item label="Stop" name="stopId">
          <Select options={stopOptions} allowClear placeholder="None" />
        </Form.Item>
        <Form.Item name="billable" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{CHARGE_TEXTS.billable}</Checkbox>
        </Form.Item>
        <Form.Item name="payableToDriver" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{CHARGE_TEXTS.payableToDriver}</Checkbox>
        </Form.Item>
        <Form.Item name="reimbursable" valuePropName="checked">
          <Checkbox>{CHARGE_TEXTS.reimbursable}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The Loads row menu's 'Charges' (issue 43): the load's charge lines (add, edit, approve, deny, delete), the terms that
 * apply to it (its customer's own or the company's) and each stop's detention clock.
 */
export function ChargesDrawer({ load, onClose }: { load: Load | null; onClose: () => void }) {
  const id = load?.id ?? '';
  const full = useQuery({ ...loadQuery(id), enabled: load !== null });
  const lines = useQuery({ ...loadChargesQuery(id), enabled: load !== null });
  const terms = useQuery({ ...loadChargeTermsQuery(id), enabled: load !== null });
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<{ line: Charge | null } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: [...resourceQueryKey('loads'), id, 'charges'] });
  const change = useMutation({
    mutationFn: async ({ line, status }: { line: Charge; status?: ChargeStatus }) => {
      if (status) await chargesApi.update(id, line.id, { status });
      else await chargesApi.remove(id, line.id);
    },
    onSuccess: refresh,
    onError: (error) => toast.error(CHARGE_TEXTS.failed, (error as { reason?: string }).reason),
  });
  const charges = lines.data ?? [];
  const approvedTotal = useMemo(() => sumMoney(charges.filter((line) => line.billable && line.status === 'approved').map((line) => line.amount)), [charges]);
  const waiting = charges.filter((line) => line.status === 'requested').length;
  const failed = full.error ?? lines.error ?? terms.error;
  const stopLabel = (stopId: string | null) => {
    const stop = full.data?.stops?.find((candidate) => candidate.id === stopId);
    return stop ? `Stop ${stop.sequence}` : '';
  };

  return (
    <Drawer open={load !== null} onClose={onClose} title={load ? CHARGE_TEXTS.drawerTitle(load.loadNumber) : ''} size={760} destroyOnHidden data-testid="charges-drawer">
      {failed ? (
        <Alert type="error" showIcon title={failed.message} />
      ) : !full.data || !lines.data || !terms.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {CHARGE_TEXTS.lines}
            </Typography.Title>
            <Button type="primary" onClick={() => setEditing({ line: null })}>
              {CHARGE_TEXTS.add}
            </Button>
          </Flex>
          <Table<Charge>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={charges}
            locale={{ emptyText: CHARGE_TEXTS.noLines }}
            data-testid="charge-lines"
            columns={[
              {
                title: 'Charge',
                key: 'code',
                render: (_, line) => (
                  <Flex vertical>
                    <Typography.Text strong>{CHARGE_CODE_LABELS[line.code]}</Typography.Text>
                    {line.description && <Typography.Text type="secondary">{line.description}</Typography.Text>}
                    <Typography.Text type="secondary">
                      {[stopLabel(line.stopId), line.drafted ? CHARGE_TEXTS.drafted : '', line.billable ? 'Billable' : '', line.payableToDriver ? 'Driver pay' : '', line.reimbursable ? 'Reimbursable' : '']
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  </Flex>
                ),
              },
              { title: 'Quantity', key: 'quantity', render: (_, line) => `${line.quantity} ${CHARGE_UNIT_LABELS[line.unit].toLowerCase()}` },
              { title: 'Rate', key: 'rate', align: 'right', render: (_, line) => formatDollars(line.rate) },
              { title: 'Amount', key: 'amount', align: 'right', render: (_, line) => formatDollars(line.amount) },
              { title: 'Status', key: 'status', render: (_, line) => <ColorBadge color={STATUS_COLORS[line.status]}>{CHARGE_STATUS_LABELS[line.status]}</ColorBadge> },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, line) => (
                  <Flex gap={4} wrap>
                    {line.status !== 'approved' && (
                      <Button size="small" onClick={() => change.mutate({ line, status: 'approved' })}>
                        {CHARGE_TEXTS.approve}
                      </Button>
                    )}
                    {line.status !== 'denied' && (
                      <Button size="small" onClick={() => change.mutate({ line, status: 'denied' })}>
                        {CHARGE_TEXTS.deny}
                      </Button>
                    )}
                    <Button size="small" onClick={() => setEditing({ line })}>
                      {CHARGE_TEXTS.edit}
                    </Button>
                    <Button size="small" danger onClick={() => window.confirm(CHARGE_TEXTS.deleteConfirm) && change.mutate({ line })}>
                      {CHARGE_TEXTS.delete}
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
          <Flex gap={16} justify="flex-end" align="center">
            {waiting > 0 && <Typography.Text type="warning">{CHARGE_TEXTS.waiting(waiting)}</Typography.Text>}
            <Typography.Text strong data-testid="approved-total">{`${CHARGE_TEXTS.approvedTotal}: ${formatDollars(approvedTotal)}`}</Typography.Text>
          </Flex>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {CHARGE_TEXTS.clocks}
          </Typography.Title>
          <DetentionClocks stops={full.data.stops ?? []} terms={terms.data} />
          <Descriptions
            size="small"
            column={2}
            title={CHARGE_TEXTS.terms}
            data-testid="charge-terms"
            items={termLines(terms.data, formatDollars).map(({ field, label, value }) => ({
              key: field,
              label,
              children: `${value} (${terms.data.from[field] === 'customer' ? CHARGE_TEXTS.fromCustomer(terms.data.customerName ?? '') : CHARGE_TEXTS.fromCompany})`,
            }))}
          />
          {editing && <ChargeDialog load={full.data} line={editing.line} stops={full.data.stops ?? []} open onClose={() => setEditing(null)} />}
        </Flex>
      )}
    </Drawer>
  );
}
