import { ArrowRightOutlined, DollarOutlined, EditOutlined, ExpandOutlined, MessageOutlined, NodeIndexOutlined } from '@ant-design/icons';
import type { Load } from '@tms/contracts';
import { ApiError, DECORATIVE_ICON, ListPage, useToast, type RowAction, type SearchField } from '@tms/ui';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadDialog } from './LoadDialog.js';
import { loadColumns } from './load-columns.js';
import { loadInvoiceActions, usePaperworkCheck } from './load-invoice.js';
import { loadsApi } from './loads.api.js';
import { loadTexts } from './load-form.js';
import { STOP_TEXTS } from './stop-form.js';
import { StopsDrawer } from './StopsDrawer.js';
import { ChargesDrawer } from './ChargesDrawer.js';
import { CHARGE_TEXTS } from './charge-form.js';
import { MESSAGE_TEXTS, MessagesDrawer, useUnreadMessages } from './MessagesDrawer.js';
import { LoadWorkspace, WORKSPACE_TEXTS } from './LoadWorkspace.js';
import { deliveredEarlyQuestion, nextStatusStep, STATUS_STEP_TEXTS } from './status-step.js';

/** Spec 2.5: search matches load number, pickup location and delivery location. */
const SEARCH_FIELDS: SearchField<Load>[] = ['loadNumber', 'pickupLocation', 'deliveryLocation'];

/**
 * A load's next status in one click, with Undo in its toast (issue 47); marking one delivered before its pickup date,
 * or more than a day before its delivery date, asks first.
 */
function useStatusStep() {
  const update = loadsApi.useUpdate();
  const toast = useToast();
  const failed = (error: unknown) => toast.error(STATUS_STEP_TEXTS.failed, error instanceof ApiError ? error.conflictReason : undefined);
  return (load: Load): RowAction[] => {
    const step = nextStatusStep(load);
    if (!step) return [];
    const mark = () => {
      const question = step.to === 'delivered' ? deliveredEarlyQuestion(load, dayjs().format('YYYY-MM-DD')) : undefined;
      if (question && !window.confirm(question)) return;
      const undo = () => update.mutate({ id: load.id, body: { status: load.status } }, { onSuccess: () => toast.success(STATUS_STEP_TEXTS.undone(load, load.status)), onError: failed });
      update.mutate({ id: load.id, body: { status: step.to } }, { onSuccess: () => toast.success(STATUS_STEP_TEXTS.done(load, step.to), undefined, undo), onError: failed });
    };
    return [{ key: 'status-step', label: step.label, icon: <ArrowRightOutlined {...DECORATIVE_ICON} />, onClick: mark }];
  };
}

/**
 * Loads (/loads), with Import (a CSV, stops included); a click on a row (or 'Open') opens the load's workspace; every
 * row menu has the next status step, 'Stops', 'Charges' and 'Messages' (drawers; 'Messages (n)' while the driver wrote
 * n unread), a delivered load's also 'Create Invoice'.
 */
export function LoadsPage() {
  const navigate = useNavigate();
  const statusStep = useStatusStep();
  const [stopsOf, setStopsOf] = useState<Load | null>(null);
  const [chargesOf, setChargesOf] = useState<Load | null>(null);
  const [messagesOf, setMessagesOf] = useState<Load | null>(null);
  // The workspace shows the load as the list has it now (a status step made there shows at once).
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ load: Load; session: number } | null>(null);
  const list = loadsApi.useList();
  const openLoad = (openId && list.data?.find((load) => load.id === openId)) || null;
  const unread = useUnreadMessages();
  const paperworkCheck = usePaperworkCheck();
  const drawers = (load: Load): RowAction[] => [
    { key: 'stops', label: STOP_TEXTS.menu, icon: <NodeIndexOutlined {...DECORATIVE_ICON} />, onClick: () => setStopsOf(load) },
    { key: 'charges', label: CHARGE_TEXTS.menu, icon: <DollarOutlined {...DECORATIVE_ICON} />, onClick: () => setChargesOf(load) },
  ];
  return (
    <>
      <ListPage<Load>
        title="Loads"
        subtitle="Manage your shipments and deliveries"
        texts={loadTexts}
        api={loadsApi}
        columns={loadColumns}
        searchFields={SEARCH_FIELDS}
        dialog={LoadDialog}
        importTitle="Import Loads"
        onOpen={(load) => setOpenId(load.id)}
        rowActions={(load) => [
          { key: 'open', label: WORKSPACE_TEXTS.open, icon: <ExpandOutlined {...DECORATIVE_ICON} />, onClick: () => setOpenId(load.id) },
          ...statusStep(load),
          ...drawers(load),
          {
            key: 'messages',
            label: unread.get(load.id) ? MESSAGE_TEXTS.menuUnread(unread.get(load.id)!) : MESSAGE_TEXTS.menu,
            icon: <MessageOutlined {...DECORATIVE_ICON} />,
            onClick: () => setMessagesOf(load),
          },
          ...loadInvoiceActions(load, navigate, paperworkCheck),
        ]}
      />
      <LoadWorkspace
        load={openLoad}
        onClose={() => setOpenId(null)}
        actions={(load) => [
          ...statusStep(load),
          ...loadInvoiceActions(load, navigate, paperworkCheck),
          ...drawers(load),
          { key: 'edit', label: 'Edit', icon: <EditOutlined {...DECORATIVE_ICON} />, onClick: () => setEditing((current) => ({ load, session: (current?.session ?? 0) + 1 })) },
        ]}
      />
      {editing && <LoadDialog key={editing.session} open record={editing.load} onClose={() => setEditing(null)} />}
      <StopsDrawer load={stopsOf} onClose={() => setStopsOf(null)} />
      <ChargesDrawer load={chargesOf} onClose={() => setChargesOf(null)} />
      <MessagesDrawer load={messagesOf} onClose={() => setMessagesOf(null)} />
    </>
  );
}
