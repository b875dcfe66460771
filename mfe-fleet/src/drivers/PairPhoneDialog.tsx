import { type Driver, type PairingLink } from '@tms/contracts';
import { api, ApiError, useToast } from '@tms/ui';
import { Alert, Button, Flex, Modal, QRCode, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';

export const PAIRING_TEXTS = {
  pair: 'Pair Phone',
  unpair: 'Unpair Phone',
  scan: "Scan this code with the driver's phone camera, or send them the link. It works once, for 15 minutes.",
  until: (time: string) => `Valid until ${time}`,
  failed: 'Could not make a pairing link',
  unpairConfirm: (name: string) => `Unpair ${name}'s phone? It stops showing their loads at once.`,
  unpaired: 'Phone unpaired',
  unpairFailed: 'Could not unpair the phone',
  close: 'Close',
} as const;

/**
 * Driver Management's 'Pair Phone' (issue 44): a new link to the driver app for the driver (POST
 * /api/drivers/{id}/pairing), as a QR code and as text. A phone already paired stays so until the link is used.
 */
export function PairPhoneDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const [link, setLink] = useState<PairingLink>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    setLink(undefined);
    setProblem(undefined);
    if (!driver) return;
    let current = true;
    api
      .post<PairingLink>(`/api/drivers/${driver.id}/pairing`, undefined)
      .then((made) => current && setLink(made))
      .catch((error: unknown) => current && setProblem(error instanceof ApiError ? error.message : PAIRING_TEXTS.failed));
    return () => {
      current = false;
    };
  }, [driver]);

  return (
    <Modal
      open={!!driver}
      title={driver ? `${PAIRING_TEXTS.pair}: ${driver.name}` : PAIRING_TEXTS.pair}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{PAIRING_TEXTS.close}</Button>}
    >
      {problem && <Alert type="error" showIcon title={PAIRING_TEXTS.failed} description={problem} />}
      {!problem && !link && (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      )}
      {link && (
        <Flex vertical align="center" gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{PAIRING_TEXTS.scan}</Typography.Paragraph>
          <QRCode value={link.url} size={220} bordered={false} />
          <Typography.Paragraph copyable={{ text: link.url }} style={{ margin: 0, wordBreak: 'break-all' }} data-testid="pairing-link">
            {link.url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{PAIRING_TEXTS.until(new Date(link.expiresAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }))}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}

/** 'Unpair Phone': ends the driver's pairing at once, once confirmed. */
export function useUnpairPhone() {
  const toast = useToast();
  return async (driver: Driver) => {
    if (!window.confirm(PAIRING_TEXTS.unpairConfirm(driver.name))) return;
    try {
      await api.delete(`/api/drivers/${driver.id}/pairing`);
      toast.success(PAIRING_TEXTS.unpaired);
    } catch (error) {
      toast.error(PAIRING_TEXTS.unpairFailed, error instanceof ApiError ? error.message : undefined);
    }
  };
}
