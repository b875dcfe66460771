import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOAD_MESSAGE_MAX_LENGTH, LOAD_MESSAGES_UNREAD_PATH, type Load, type LoadMessage, type UnreadLoadMessages } from '@tms/contracts';
import { ApiError, api, newIdempotencyKey, useToast } from '@tms/ui';
import { Alert, Button, Drawer, Empty, Flex, Input, Skeleton, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';

export const MESSAGE_TEXTS = {
  menu: 'Messages',
  /** The row menu's item with the driver's messages no one has read yet. */
  menuUnread: (count: number) => `Messages (${count})`,
  title: (loadNumber: string) => `Messages · ${loadNumber}`,
  empty: 'No messages yet',
  placeholder: 'Write to the driver…',
  send: 'Send',
  noDriver: 'No driver is assigned to this load yet: they will see these messages in the driver app once one is.',
  readByDriver: 'Read',
  notReadYet: 'Not read yet',
  failed: 'Failed to send message. Please try again.',
  loadFailed: 'The messages could not be loaded. Please try again.',
} as const;

/** How often the counts and an open thread are read again: a driver's new message shows within this. */
const REFRESH_MS = 15_000;
const UNREAD_KEY = [`/api/${LOAD_MESSAGES_UNREAD_PATH}`] as const;
const threadKey = (loadId: string) => ['/api/loads', loadId, 'messages'] as const;

/** Per load, the driver's messages not read yet (the Loads row menu's 'Messages (n)'). */
export function useUnreadMessages(): ReadonlyMap<string, number> {
  const unread = useQuery({ queryKey: UNREAD_KEY, queryFn: () => api.get<UnreadLoadMessages>(`/api/${LOAD_MESSAGES_UNREAD_PATH}`), refetchInterval: REFRESH_MS });
  return useMemo(() => new Map((unread.data ?? []).map(({ loadId, count }) => [loadId, count])), [unread.data]);
}

/**
 * A load's messages with its driver (issue 44, point 5): the thread oldest first, read again every REFRESH_MS while
 * open, and a box to write to the driver (shown in the driver app's load on its next refresh). Opening it marks the
 * driver's messages read.
 */
export function MessagesDrawer({ load, onClose }: { load: Load | null; onClose: () => void }) {
  return (
    <Drawer open={!!load} onClose={onClose} title={load ? MESSAGE_TEXTS.title(load.loadNumber) : undefined} size="large" destroyOnHidden>
      {load && <LoadThread load={load} />}
    </Drawer>
  );
}

/** The thread and its box to write, in the drawer and in the load's workspace. */
export function LoadThread({ load }: { load: Load }) {
  const { token } = theme.useToken();
  const client = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const thread = useQuery({ queryKey: threadKey(load.id), queryFn: () => api.get<LoadMessage[]>(`/api/loads/${encodeURIComponent(load.id)}/messages`), refetchInterval: REFRESH_MS });
  const unreadFromDriver = thread.data?.some((message) => message.author === 'driver' && !message.readAt);
  useEffect(() => {
    if (!unreadFromDriver) return;
    void api.post(`/api/loads/${encodeURIComponent(load.id)}/messages/read`, {}).then(() => client.invalidateQueries({ queryKey: UNREAD_KEY }));
  }, [unreadFromDriver, load.id, client]);
  const send = useMutation({
    // One key per message written: a retry of the same message is kept once.
    mutationFn: () => api.post<LoadMessage>(`/api/loads/${encodeURIComponent(load.id)}/messages`, { body: text }, { 'Idempotency-Key': key }),
    onSuccess: async () => {
      setText('');
      setKey(newIdempotencyKey());
      await client.invalidateQueries({ queryKey: threadKey(load.id) });
    },
    onError: (error) => toast.error(MESSAGE_TEXTS.failed, error instanceof ApiError && error.status < 500 ? error.reason : undefined),
  });

  return (
    <Flex vertical gap={12}>
      {!load.assignedDriverId && <Alert type="info" showIcon title={MESSAGE_TEXTS.noDriver} />}
      {thread.isPending && <Skeleton active />}
      {thread.isError && <Alert type="error" showIcon title={MESSAGE_TEXTS.loadFailed} />}
      {thread.data && !thread.data.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGE_TEXTS.empty} />}
      {thread.data && thread.data.length > 0 && (
        <div role="list" aria-label={MESSAGE_TEXTS.menu}>
          {thread.data.map((message) => {
            const fromDriver = message.author === 'driver';
            return (
              <div
                key={message.id}
                role="listitem"
                style={{
                  marginBlock: 6,
                  marginInlineStart: fromDriver ? 0 : '15%',
                  marginInlineEnd: fromDriver ? '15%' : 0,
                  padding: '8px 12px',
                  borderRadius: token.borderRadiusLG,
                  background: fromDriver ? token.colorFillTertiary : token.colorPrimaryBg,
                }}
              >
                <Typography.Text strong>{message.authorName}</Typography.Text>
                <Typography.Text type="secondary">{` · ${dayjs(message.at).format('MMM D, h:mm A')}`}</Typography.Text>
                {!fromDriver && <Typography.Text type="secondary">{` · ${message.readAt ? MESSAGE_TEXTS.readByDriver : MESSAGE_TEXTS.notReadYet}`}</Typography.Text>}
                <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</div>
              </div>
            );
          })}
        </div>
      )}
      <Input.TextArea
        aria-label={MESSAGE_TEXTS.placeholder}
        placeholder={MESSAGE_TEXTS.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={LOAD_MESSAGE_MAX_LENGTH}
        autoSize={{ minRows: 2, maxRows: 6 }}
      />
      <Flex justify="end">
        <Button type="primary" onClick={() => send.mutate()} loading={send.isPending} disabled={!text.trim()}>
          {MESSAGE_TEXTS.send}
        </Button>
      </Flex>
    </Flex>
  );
}
