import { GPS_BATCH_MAX } from '@tms/contracts';
import { Card, Divider, Flex, Typography } from 'antd';
import { GPS_TEXTS } from './gps-display.js';
import { DevicesCard } from './DevicesCard.js';

const EXAMPLE = `{
  "latitude": 41.8781136,
  "longitude": -87.6297982,
  "timestamp": "2025-06-01T14:30:00Z",
  "truckId": "<truck id>",
  "driverId": "<driver id>",
  "speed": 62.5,
  "heading": 270,
  "accuracy": 5,
  "loadId": "<load id>"
}`;

/** Spec 2.14's second card: how external devices send positions (spec 5 and 7), and the devices that may. */
export function IntegrationCard() {
  const origin = window.location.origin;
  return (
    <Card title={GPS_TEXTS.integrationTitle} data-testid="integration-card">
      <Flex vertical gap={8}>
        <Typography.Text>
          External devices (ELD boxes, tracker apps, telematics providers) send positions to{' '}
          <Typography.Text code copyable>{`POST ${origin}/api/gps`}</Typography.Text> with the header{' '}
          <Typography.Text code>Authorization: Bearer &lt;device token&gt;</Typography.Text>.
        </Typography.Text>
        <Typography.Text>
          Required: <Typography.Text code>latitude</Typography.Text>, <Typography.Text code>longitude</Typography.Text> and{' '}
          <Typography.Text code>timestamp</Typography.Text> (ISO 8601), plus at least one of <Typography.Text code>driverId</Typography.Text> or{' '}
          <Typography.Text code>truckId</Typography.Text> (a device registered for a truck or driver may leave its own out). Optional:{' '}
          <Typography.Text code>speed</Typography.Text> (mph), <Typography.Text code>heading</Typography.Text> (0-359),{' '}
          <Typography.Text code>accuracy</Typography.Text> (meters), <Typography.Text code>loadId</Typography.Text>. Send an array of up to{' '}
          {GPS_BATCH_MAX.toLocaleString('en-US')} positions as one batch.
        </Typography.Text>
        <pre style={{ margin: 0, padding: 12, background: 'rgba(0,0,0,0.04)', borderRadius: 6, fontSize: 12, overflowX: 'auto' }}>{EXAMPLE}</pre>
        <Typography.Text type="secondary">
          Answers: 202 once stored, 400 with the field messages, 401 for a missing or revoked token, 403 for another truck or driver than the
          device's, 429 with Retry-After when a device sends too fast. Traccar Client and OsmAnd phones: server URL{' '}
          <Typography.Text code copyable>{`${origin}/api/gps/osmand`}</Typography.Text>, device identifier = the device token.
        </Typography.Text>
      </Flex>
      <Divider />
      <DevicesCard />
    </Card>
  );
}
