import { ArrowRightOutlined, DollarOutlined, EditOutlined, ExpandOutlined, MessageOutlined, NodeIndexOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { LOAD_STATUS_LABELS, LOAD_STATUSES, type Load } from '@tms/contracts';
import { ApiError, DECORATIVE_ICON, filterParams, ListPage, optionsOf, SEARCHABLE, useChoices, useListView, useLookup, useOpenRecord, useToast, type ListFilter, type RowAction, type SearchField } from '@tms/ui';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AssignDialog, ASSIGN_TEXTS } from './AssignDialog.js';
import { LoadDialog } from './LoadDialog.js';
import { loadColumns, loadExportColumns } from './load-columns.js';
import { loadInvoiceActions, usePaperworkCheck } from './load-invoice.js';
import { loadQuery, loadsApi } from './loads.api.js';
import { LOAD_FILTER_TEXTS, loadTexts } from './load-form.js';
import { STOP_TEXTS } from './stop-form.js';
import { StopsDrawer } from './StopsDrawer.js';
import { ChargesDrawer } from './ChargesDrawer.js';
import { CHARGE_TEXTS } from './charge-form.js';
import { MESSAGE_TEXTS, MessagesDrawer, useUnreadMessages } from './MessagesDrawer.js';
import { LoadWorkspace, WORKSPACE_TEXTS } from './LoadWorkspace.js';
import { deliveredEarlyQuestion, nextStatusStep, STATUS_STEP_TEXTS } from './status-step.js';

/** Issue 47: the Loads list by status (several at once), customer, driver, truck and pickup dates. */
function useLoadFilters(): ListFilter[] {
  const customers = useChoices('customers');
  const drivers = useChoices('drivers');
  const trucks = useChoices('trucks');
  return useMemo(
    () => [
      { field: 'status', label: LOAD_FILTER_TEXTS.status, choices: { options: optionsOf(LOAD_STATUSES, LOAD_STATUS_LABELS), showSearch: SEARCHABLE }, multiple: true },
      { field: 'customerId', label: LOAD_FILTER_TEXTS.customer, choices: customers },
      { field: 'assignedDriverId', label: LOAD_FILTER_TEXTS.driver, choices: drivers },
      { field: 'assignedTruckId', label: LOAD_FILTER_TEXTS.truck, choices: trucks },
      { days: 'pickupDate', fromLabel: LOAD_FILTER_TEXTS.pickupFrom, toLabel: LOAD_FILTER_TEXTS.pickupTo },
    ],
    [customers, drivers, trucks],
  );
}

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
  const [editing, setEditing] = useState<{ load: Load; session: number } | null>(null);
  const [assigning, setAssigning] = useState<Load | null>(null);
  const customers = useLookup('customers');
  const drivers = useLookup('drivers');
  const trucks = useLookup('trucks');
  const exportColumns = useMemo(() => loadExportColumns(customers, drivers, trucks), [customers, drivers, trucks]);
  const filters = useLoadFilters();
  // The same list the table shows (one cache entry), and the load open in the workspace, kept in the URL
  // (`?open=<id>`, so a link opens it): as the list has it now (a status step made there shows at once), or read
  // alone when the filters hide it.
  const view = useListView(loadColumns, useMemo(() => filterParams(filters), [filters]));
  const list = loadsApi.useList(view.apiQuery);
  const [openId, setOpenId] = useOpenRecord();
  const listed = openId ? list.data?.find((load) => load.id === openId) : undefined;
  const alone = useQuery({ ...loadQuery(openId), enabled: Boolean(openId) && list.isSuccess && !listed });
  const openLoad = listed ?? (openId ? alone.data : undefined) ?? null;
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
        filters={filters}
        exportColumns={exportColumns}
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
          { key: 'assign', label: ASSIGN_TEXTS.action, icon: <UserSwitchOutlined {...DECORATIVE_ICON} />, onClick: () => setAssigning(load) },
          ...loadInvoiceActions(load, navigate, paperworkCheck),
          ...drawers(load),
          { key: 'edit', label: 'Edit', icon: <EditOutlined {...DECORATIVE_ICON} />, onClick: () => setEditing((current) => ({ load, session: (current?.session ?? 0) + 1 })) },
        ]}
      />
      {assigning && <AssignDialog key={assigning.id} load={assigning} onClose={() => setAssigning(null)} />}
      {editing && <LoadDialog key={editing.session} open record={editing.load} onClose={() => setEditing(null)} />}
      <StopsDrawer load={stopsOf} onClose={() => setStopsOf(null)} />
      <ChargesDrawer load={chargesOf} onClose={() => setChargesOf(null)} />
      <MessagesDrawer load={messagesOf} onClose={() => setMessagesOf(null)} />
    </>
  );
}
