import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LOAD_RULES,
  LOAD_STATUSES,
  LOAD_STATUS_LABELS,
  loadInputSchema,
  withRules,
  type Customer,
  type DocumentUpload,
  type ExtractLoadResult,
  type Load,
  type LoadByNumber,
} from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, resourceListQuery, SEARCHABLE, useAssignmentWarning, useChoices, useLookup, WholeNumberInput, useToast, type ResourceDialogProps } from '@tms/ui';
import { Alert, Button, Form, Input, Modal, Select, Tabs, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { CustomerDialog } from '../customers/CustomerDialog.js';
import { keepLoadDocument } from './documents.api.js';
import { LoadDocuments } from './LoadDocuments.js';
import { LoadExtractPanel } from './LoadExtractPanel.js';
import {
  EXTRACT_TEXTS,
  failureMessage,
  filledConfidence,
  learnedFields,
  loadWithNumber,
  openLoadPath,
  senderCustomer,
  senderCustomerValues,
  senderLabel,
} from './extract/extraction.js';
import { ExtractionContext, useConfidenceExtra } from './extract/ExtractionContext.js';
import { DOCUMENT_TEXTS } from './load-documents.js';
import { loadQuery, loadsApi } from './loads.api.js';
import { loadFormValues, loadPayload, loadTexts, withAssignment, type LoadFormValues } from './load-form.js';
import { LoadStopsSection } from './LoadStopsSection.js';
import { movedToDay, specFromStops, type StopFormValues } from './stop-form.js';

const STATUS_OPTIONS = optionsOf(LOAD_STATUSES, LOAD_STATUS_LABELS);
const LOAD_FORM_SCHEMA = withRules(loadInputSchema, LOAD_RULES);

/** The load's fields: the whole dialog when editing, the 'Manual Entry' tab when creating. */
function LoadFields() {
  const customers = useChoices('customers');
  const drivers = useChoices('drivers', { none: true });
  const trucks = useChoices('trucks', { none: true });
  const driverWarning = useAssignmentWarning('drivers');
  const truckWarning = useAssignmentWarning('trucks');
  // After an AI extraction, each field it filled shows how sure the extraction is.
  const confidence = useConfidenceExtra();

  return (
    <>
      <FormGrid>
        <FormField label="Load Number" name="loadNumber" extra={confidence('loadNumber')}>
          <Input autoComplete="off" />
        </FormField>
        <FormField label="Customer" name="customerId">
          <Select {...customers} placeholder="Select customer" />
        </FormField>
        <FormField label="Pickup Location" name="pickupLocation" extra={confidence('pickupLocation')}>
          <Input placeholder="Chicago, IL" autoComplete="off" />
        </FormField>
        <FormField label="Pickup Date" name="pickupDate" extra={confidence('pickupDate')}>
          <DayPicker />
        </FormField>
        <FormField label="Delivery Location" name="deliveryLocation" extra={confidence('deliveryLocation')}>
          <Input placeholder="Dallas, TX" autoComplete="off" />
        </FormField>
        <FormField label="Delivery Date" name="deliveryDate" extra={confidence('deliveryDate')}>
          <DayPicker />
        </FormField>
      </FormGrid>
      <FormGrid minWidth={150}>
        <FormField label="Rate" name="rate" extra={confidence('rate')}>
          <MoneyInput />
        </FormField>
        <FormField label="Expenses" name="expenses">
          <MoneyInput />
        </FormField>
        <FormField label="Weight (lbs)" name="weight" extra={confidence('weight')}>
          <WholeNumberInput />
        </FormField>
        <FormField label="Loaded Miles" name="miles">
          <WholeNumberInput suffix="mi" placeholder="" />
        </FormField>
      </FormGrid>
      <FormGrid>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Commodity" name="commodity" extra={confidence('commodity')}>
          <Input placeholder="Frozen poultry" />
        </FormField>
        <FormField label="Assigned Driver" name="assignedDriverId" rules={[driverWarning]}>
          <Select {...drivers} />
        </FormField>
        <FormField label="Assigned Truck" name="assignedTruckId" rules={[truckWarning]}>
          <Select {...trucks} />
        </FormField>
      </FormGrid>
      <FormField label="Notes" name="notes" extra={confidence('notes')}>
        <Input.TextArea rows={3} />
      </FormField>
      <LoadStopsSection />
    </>
  );
}

/**
 * Keeps the spec's pickup and delivery fields and the first and last stop in step (issue 42), whichever the user
 * changed: a place is copied, a day moves the stop's appointment, an appointment gives the day.
 */
function keepStopsInStep(form: FormInstance<LoadFormValues>, changed: Partial<LoadFormValues>) {
  // Every value the form holds: a stop's id and what was seen there have no input of their own.
  const values = form.getFieldsValue(true) as LoadFormValues;
  const stops = [...(values.stops ?? [])];
  if (!stops.length) return;
  if ('stops' in changed) {
    const spec = specFromStops(stops);
    const differs = (Object.keys(spec) as (keyof typeof spec)[]).some((field) => {
      const [now, then] = [spec[field], values[field]];
      return typeof now === 'string' ? now !== then : !(now as Dayjs).isSame(then as Dayjs | null, 'day');
    });
    if (differs) form.setFieldsValue(spec as Partial<LoadFormValues>);
    return;
  }
  const last = stops.length - 1;
  const moved: StopFormValues[] = stops.map((stop) => ({ ...stop }));
  if ('pickupLocation' in changed) moved[0].location = values.pickupLocation;
  if ('pickupDate' in changed) moved[0] = movedToDay(moved[0], values.pickupDate);
  if ('deliveryLocation' in changed) moved[last].location = values.deliveryLocation;
  if ('deliveryDate' in changed) moved[last] = movedToDay(moved[last], values.deliveryDate);
  if (['pickupLocation', 'pickupDate', 'deliveryLocation', 'deliveryDate'].some((field) => field in changed)) form.setFieldsValue({ stops: moved });
}

/**
 * Creates the load, then keeps the document it was extracted from (if any) with it. A document that cannot be kept
 * does not undo the load: `notKept` gets the reason, for the dialog to tell once the load is saved.
 */
function useCreateLoadKeepingDocument(document: RefObject<DocumentUpload | null>, notKept: RefObject<string | null>, idempotencyKey?: string) {
  const create = loadsApi.useCreate(idempotencyKey);
  return useMutation({
    mutationFn: async (body: unknown) => {
      const load = await create.mutateAsync(body);
      if (document.current) {
        try {
          await keepLoadDocument(load.id, document.current);
        } catch (error) {
          notKept.current = failureMessage(error, '');
        }
      }
      return load;
    },
  });
}

/**
 * 'Create Load', or 'Edit Load' once the load is read with its stops (the list's row has only their count): until then
 * the dialog shows that it is loading.
 */
export function LoadDialog(props: ResourceDialogProps<Load>) {
  // Read afresh at each opening (an entry of its own, kept no longer than the dialog), so the form starts from the load as it is.
  const query = loadQuery(props.record?.id ?? '');
  const full = useQuery({ ...query, queryKey: [...query.queryKey, 'edit'], enabled: props.record !== null, gcTime: 0 });
  if (props.record === null) return <LoadFormDialog {...props} />;
  if (full.isError) {
    return (
      <Modal open={props.open} title={loadTexts.editTitle} footer={null} onCancel={props.onClose}>
        <Alert type="error" showIcon title={full.error.message} />
      </Modal>
    );
  }
  if (!full.data) return <Modal open={props.open} title={loadTexts.editTitle} footer={null} onCancel={props.onClose} loading />;
  return <LoadFormDialog {...props} record={full.data} />;
}

type SenderCustomer = ReturnType<typeof senderCustomer<Customer>>;

/**
 * What the dialog says of a dropped document beyond its fields (issue 47): that its load number is already taken,
 * with a button to that load (the Loads screen opens its workspace from `?open=`), as long as the number is still
 * the form's; and whether its sender was chosen as the customer, or is none of them, with 'Add Customer'.
 */
function ExtractionNotices({ duplicate, sender, onOpenLoad, onAddCustomer }: {
  duplicate: NonNullable<LoadByNumber['load']> | null;
  sender: SenderCustomer;
  onOpenLoad: (loadId: string) => void;
  onAddCustomer: () => void;
}) {
  const loadNumber = Form.useWatch<string>('loadNumber');
  return (
    <>
      {duplicate && loadNumber?.trim() === duplicate.loadNumber && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={EXTRACT_TEXTS.duplicate(duplicate.loadNumber)}
          action={
            <Button size="small" onClick={() => onOpenLoad(duplicate.id)}>
              {EXTRACT_TEXTS.openDuplicate(duplicate.loadNumber)}
            </Button>
          }
          style={{ marginBottom: 16 }}
          data-testid="load-extract-duplicate"
        />
      )}
      {sender && 'matched' in sender && (
        <Alert type="success" showIcon title={EXTRACT_TEXTS.senderMatched(senderLabel(sender.sender), sender.matched.name)} style={{ marginBottom: 16 }} data-testid="load-extract-sender" />
      )}
      {sender && 'unknown' in sender && (
        <Alert
          type="warning"
          showIcon
          title={EXTRACT_TEXTS.senderUnknown(senderLabel(sender.unknown))}
          action={
            <Button size="small" onClick={onAddCustomer}>
              {EXTRACT_TEXTS.addCustomer}
            </Button>
          }
          style={{ marginBottom: 16 }}
          data-testid="load-extract-sender"
        />
      )}
    </>
  );
}

/**
 * 'Create Load' with the tabs 'Manual Entry' (the default) and 'AI Extract'; 'Edit Load' with the form and the load's
 * documents (spec 2.5; issue 12: the document a load was extracted from is kept with it).
 */
function LoadFormDialog(props: ResourceDialogProps<Load>) {
  const creating = props.record === null;
  const [form] = Form.useForm<LoadFormValues>();
  const [tab, setTab] = useState('manual');
  const [extracted, setExtracted] = useState<ExtractLoadResult | null>(null);
  // 'Create Load' waits while a document is being read: its values are about to fill the form.
  const [extracting, setExtracting] = useState(false);
  const marks = useMemo(() => (extracted ? { confidence: filledConfidence(extracted), learned: learnedFields(extracted) } : { confidence: {}, learned: {} }), [extracted]);
  const extractedFile = useRef<DocumentUpload | null>(null);
  const notKept = useRef<string | null>(null);
  const [api] = useState(() => ({ resource: loadsApi.resource, useUpdate: loadsApi.useUpdate, useCreate: (key?: string) => useCreateLoadKeepingDocument(extractedFile, notKept, key) }));
  const toast = useToast();
  const drivers = useLookup('drivers');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [duplicate, setDuplicate] = useState<NonNullable<LoadByNumber['load']> | null>(null);
  const [sender, setSender] = useState<SenderCustomer>(undefined);
  const [addingCustomer, setAddingCustomer] = useState(false);
  /** Issue 47: the document's sender chosen as the customer (or offered as a new one), its number checked at once. */
  const fitToWorkflow = async (result: ExtractLoadResult) => {
    setDuplicate(null);
    const customers = await queryClient
      // Read afresh: a customer added since the dialog opened (in another tab, by a colleague) is matched too, and named in the choice list.
      .fetchQuery({ ...resourceListQuery<Customer>('customers'), staleTime: 0 })
      .catch(() => []);
    const match = senderCustomer(result, customers);
    setSender(match);
    if (match && 'matched' in match) form.setFieldsValue({ customerId: match.matched.id });
    if (!result.loadNumber) return;
    // A failed check is no answer: the save still refuses a taken number.
    const taken = await loadWithNumber(result.loadNumber).catch(() => null);
    if (taken) setDuplicate(taken);
  };
  const openLoad = (loadId: string) => {
    close();
    navigate(openLoadPath(loadId));
  };
  const addedCustomer = (customer: Customer) => {
    form.setFieldsValue({ customerId: customer.id });
    setSender((current) => (current && 'unknown' in current ? { matched: customer, sender: current.unknown } : current));
  };
  const follow = (changed: Partial<LoadFormValues>) => {
    keepStopsInStep(form, changed);
    const fill = withAssignment(changed, form.getFieldsValue(['status', 'assignedDriverId', 'assignedTruckId']), (id) => drivers.get(id)?.assignedTruckId);
    if (Object.keys(fill).length) form.setFieldsValue(fill);
  };
  // The dialog shows its 'created' toast, then closes: this one comes after it, and so is the one left on screen.
  const close = () => {
    props.onClose();
    if (notKept.current === null) return;
    toast.error(DOCUMENT_TEXTS.notKept, notKept.current || undefined);
    notKept.current = null;
  };
  return (
    <>
      <ResourceFormModal
        {...props}
        onClose={close}
        name="load"
        api={api}
        texts={loadTexts}
        schema={LOAD_FORM_SCHEMA}
        toFormValues={loadFormValues}
        toPayload={loadPayload}
        form={form}
        onValuesChange={follow}
        width={760}
        busy={extracting}
      >
        {creating ? (
          <ExtractionContext.Provider value={marks}>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'manual',
                  label: 'Manual Entry',
                  children: (
                    <>
                      {extracted && <Alert type="info" showIcon title={EXTRACT_TEXTS.review} style={{ marginBottom: 16 }} data-testid="load-extract-review" />}
                      {extracted && <ExtractionNotices duplicate={duplicate} sender={sender} onOpenLoad={openLoad} onAddCustomer={() => setAddingCustomer(true)} />}
                      <LoadFields />
                    </>
                  ),
                },
                {
                  key: 'extract',
                  label: 'AI Extract',
                  children: (
                    <LoadExtractPanel
                      onExtracted={(result, document) => {
                        setExtracted(result);
                        extractedFile.current = document;
                        setTab('manual');
                        void fitToWorkflow(result);
                      }}
                      onRemove={() => {
                        extractedFile.current = null;
                      }}
                      onClose={() => setTab('manual')}
                      onBusyChange={setExtracting}
                    />
                  ),
                },
              ]}
            />
          </ExtractionContext.Provider>
        ) : (
          <>
            <LoadFields />
            {props.record && <LoadDocuments loadId={props.record.id} />}
          </>
        )}
      </ResourceFormModal>
      {/* Beside the load's dialog, not in its form: 'Add Customer' for the document's sender, chosen once saved. */}
      {addingCustomer && sender && 'unknown' in sender && (
        <CustomerDialog open record={null} prefill={senderCustomerValues(sender.unknown)} onSaved={addedCustomer} onClose={() => setAddingCustomer(false)} />
      )}
    </>
  );
}
