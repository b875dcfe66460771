import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STOP_TIME_SOURCES, STOP_TIME_SOURCE_LABELS, STOP_TYPES, STOP_TYPE_LABELS, STOPS_MAX, STOPS_MIN } from '@tms/contracts';
import { DECORATIVE_ICON, FormGrid, optionsOf } from '@tms/ui';
import { Button, Card, DatePicker, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { newStop, STOP_TEXTS, type StopFormValues } from './stop-form.js';

const TYPE_OPTIONS = optionsOf(STOP_TYPES, STOP_TYPE_LABELS);
const SOURCE_OPTIONS = optionsOf(STOP_TIME_SOURCES, STOP_TIME_SOURCE_LABELS);
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const timePicker = { showTime: { format: 'HH:mm' }, format: TIME_FORMAT, placeholder: TIME_FORMAT, style: { width: '100%' } } as const;

/** What was looked up or seen at a stop, under its fields. */
function StopFacts({ index }: { index: number }) {
  const stop = Form.useWatch(['stops', index]) as StopFormValues | undefined;
  if (!stop) return null;
  const facts = [
    stop.geocoded ? STOP_TEXTS.lookedUp[stop.geocoded] : stop.id && stop.latitude === null ? STOP_TEXTS.notLocated : null,
    stop.gpsArrivedAt ? `${STOP_TEXTS.gpsSaw}: ${STOP_TEXTS.arrived.toLowerCase()} ${dayjs(stop.gpsArrivedAt).format(TIME_FORMAT)}` : null,
    stop.gpsDepartedAt ? `${STOP_TEXTS.departed.toLowerCase()} ${dayjs(stop.gpsDepartedAt).format(TIME_FORMAT)}` : null,
  ].filter(Boolean);
  return facts.length ? <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text> : null;
}

/**
 * The load dialog's Stops (issue 42): its stops in order, added, removed and moved, each with its place, appointment,
 * reference and what happened there (and who said so). The first and last are the spec's pickup and delivery above,
 * kept in step by the dialog.
 */
export function LoadStopsSection() {
  return (
    <section aria-label={STOP_TEXTS.section} data-testid="load-stops">
      <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
        {STOP_TEXTS.section}
      </Typography.Text>
      <Typography.Paragraph type="secondary">{STOP_TEXTS.sectionHint}</Typography.Paragraph>
      <Form.List name="stops">
        {(fields, { add, remove, move }) => (
          <Flex vertical gap={12}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                data-testid="load-stop"
                title={<StopTitle index={index} />}
                extra={
                  <Flex gap={4}>
                    <Button size="small" type="text" icon={<ArrowUpOutlined {...DECORATIVE_ICON} />} aria-label={`${STOP_TEXTS.moveUp} ${index + 1}`} disabled={index === 0} onClick={() => move(index, index - 1)} />
                    <Button size="small" type="text" icon={<ArrowDownOutlined {...DECORATIVE_ICON} />} aria-label={`${STOP_TEXTS.moveDown} ${index + 1}`} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} />
                    <Button size="small" type="text" danger icon={<DeleteOutlined {...DECORATIVE_ICON} />} aria-label={`${STOP_TEXTS.remove} ${index + 1}`} disabled={fields.length <= STOPS_MIN} onClick={() => remove(index)} />
                  </Flex>
                }
              >
                <FormGrid minWidth={180}>
                  <Form.Item label="Type" name={[field.name, 'type']}>
                    <Select options={TYPE_OPTIONS} />
                  </Form.Item>
                  <Form.Item label="Location" name={[field.name, 'location']} required>
                    <Input placeholder="Dallas, TX" autoComplete="off" />
                  </Form.Item>
                  <Form.Item label="Facility" name={[field.name, 'facility']}>
                    <Input autoComplete="off" />
                  </Form.Item>
                  <Form.Item label="Address" name={[field.name, 'address']}>
                    <Input placeholder="4500 Irving Blvd, Dallas, TX 75247" autoComplete="off" />
                  </Form.Item>
                  <Form.Item label="Appointment Start" name={[field.name, 'appointmentStart']}>
                    <DatePicker {...timePicker} />
                  </Form.Item>
                  <Form.Item label="Appointment End" name={[field.name, 'appointmentEnd']}>
                    <DatePicker {...timePicker} />
                  </Form.Item>
                  <Form.Item label="Reference" name={[field.name, 'reference']}>
                    <Input placeholder="PO 1182" autoComplete="off" />
                  </Form.Item>
                  <Form.Item label="Radius (mi)" name={[field.name, 'radiusMiles']}>
                    <InputNumber min={0.1} max={50} step={0.1} placeholder="0.5" style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item label="Arrived" name={[field.name, 'arrivedAt']}>
                    <DatePicker {...timePicker} />
                  </Form.Item>
                  <Form.Item label="Arrival Source" name={[field.name, 'arrivedSource']}>
                    <Select options={SOURCE_OPTIONS} allowClear placeholder={STOP_TIME_SOURCE_LABELS.dispatcher} />
                  </Form.Item>
                  <Form.Item label="Departed" name={[field.name, 'departedAt']}>
                    <DatePicker {...timePicker} />
                  </Form.Item>
                  <Form.Item label="Departure Source" name={[field.name, 'departedSource']}>
                    <Select options={SOURCE_OPTIONS} allowClear placeholder={STOP_TIME_SOURCE_LABELS.dispatcher} />
                  </Form.Item>
                </FormGrid>
                <Form.Item label="Stop Notes" name={[field.name, 'notes']}>
                  <Input.TextArea rows={2} />
                </Form.Item>
                <StopFacts index={index} />
              </Card>
            ))}
            <Button icon={<PlusOutlined {...DECORATIVE_ICON} />} disabled={fields.length >= STOPS_MAX} onClick={() => add(newStop('delivery'), Math.max(fields.length - 1, 0))}>
              {STOP_TEXTS.add}
            </Button>
          </Flex>
        )}
      </Form.List>
    </section>
  );
}

function StopTitle({ index }: { index: number }) {
  const type = Form.useWatch(['stops', index, 'type']) as StopFormValues['type'] | undefined;
  return `Stop ${index + 1}${type ? ` · ${STOP_TYPE_LABELS[type]}` : ''}`;
}
