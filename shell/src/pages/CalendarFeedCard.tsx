import { CALENDAR_FEED_DAYS, CALENDAR_FEED_PATH, CALENDAR_FEED_RENEW_PATH, type CalendarFeed, type CalendarFeedLink } from '@tms/contracts';
import { api, useToast } from '@tms/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';

const { Paragraph, Text } = Typography;

const feedQuery = { queryKey: ['calendar-feed'], queryFn: () => api.get<CalendarFeed>(CALENDAR_FEED_PATH) };

const day = (time: string) => new Date(time).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The signed-in user's compliance calendar: a link with a secret key for a calendar app to subscribe to. The key is
 * kept hashed, so the link is shown once, when it is made; making another replaces it (the old one stops working).
 * A link ends CALENDAR_FEED_DAYS after it is made or renewed, when revoked, and when its owner may no longer sign in.
 */
export function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const feed = useQuery(feedQuery);
  const [link, setLink] = useState<string>();
  const create = useMutation({
    mutationFn: () => api.post<CalendarFeedLink>(CALENDAR_FEED_PATH, {}),
    onSuccess: (made) => {
      setLink(made.url);
      queryClient.setQueryData<CalendarFeed>(feedQuery.queryKey, { createdAt: made.createdAt, expiresAt: made.expiresAt });
    },
    onError: () => toast.error('Failed to create the calendar link. Please try again.'),
  });
  const renew = useMutation({
    mutationFn: () => api.post<CalendarFeed>(CALENDAR_FEED_RENEW_PATH, {}),
    onSuccess: (renewed) => {
      queryClient.setQueryData<CalendarFeed>(feedQuery.queryKey, renewed);
      toast.success(`Calendar link renewed until ${day(renewed.expiresAt!)}`);
    },
    onError: () => toast.error('Failed to renew the calendar link. Please try again.'),
  });
  const revoke = useMutation({
    mutationFn: () => api.delete(CALENDAR_FEED_PATH),
    onSuccess: () => {
      setLink(undefined);
      queryClient.setQueryData<CalendarFeed>(feedQuery.queryKey, { createdAt: null, expiresAt: null });
      toast.success('Calendar link revoked');
    },
    onError: () => toast.error('Failed to revoke the calendar link. Please try again.'),
  });
  const exists = Boolean(feed.data?.createdAt);
  const expired = exists && new Date(feed.data!.expiresAt!).getTime() <= Date.now();

  const make = () => {
    if (exists && !window.confirm('Replace the calendar link? Calendars subscribed to the old link stop receiving updates.')) return;
    create.mutate();
  };
  const end = () => {
    if (window.confirm('Revoke the calendar link? Calendars subscribed to it stop receiving updates.')) revoke.mutate();
  };

  return (
    <Card title="Compliance Calendar" role="region" aria-label="Compliance Calendar" style={{ maxWidth: 720 }}>
      <Paragraph type="secondary">
        Subscribe to this link in Outlook, Google Calendar or Apple Calendar to see when licences, medical cards, annual
        inspections, services and fines fall due, each on its day.
      </Paragraph>
      {feed.isError && <Alert type="error" showIcon title="Could not load the calendar link" style={{ marginBottom: 12 }} />}
      {link ? (
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          <Input readOnly value={link} aria-label="Calendar link" onFocus={(event) => event.target.select()} />
          <Text type="secondary">Copy it now: it is shown only once. Anyone with the link can read the list.</Text>
          <div>
            <Button onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success('Link copied'))}>Copy Link</Button>
          </div>
        </Flex>
      ) : (
        exists && <Paragraph>A link was made on {day(feed.data!.createdAt!)}.</Paragraph>
      )}
      {exists && (
        <Paragraph type={expired ? 'danger' : undefined}>
          {expired
            ? `It ended on ${day(feed.data!.expiresAt!)}: renew it to keep your calendar up to date.`
            : `It works until ${day(feed.data!.expiresAt!)} unless renewed (each renewal: ${CALENDAR_FEED_DAYS} days from that day).`}
        </Paragraph>
      )}
      <Flex gap={8} wrap>
        <Button type={exists ? 'default' : 'primary'} loading={create.isPending} disabled={feed.isPending} onClick={make}>
          {exists ? 'Replace Link' : 'Create Link'}
        </Button>
        {exists && (
          <Button type={expired ? 'primary' : 'default'} loading={renew.isPending} onClick={() => renew.mutate()}>
            Renew Link
          </Button>
        )}
        {exists && (
          <Button danger loading={revoke.isPending} onClick={end}>
            Revoke Link
          </Button>
        )}
      </Flex>
    </Card>
  );
}
