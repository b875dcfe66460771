import { Form, Modal, theme, Typography, type FormInstance, type FormItemProps } from 'antd';
import { createContext, isValidElement, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError, newIdempotencyKey } from './api.js';
import type { ResourceApi } from './resource-api.js';
import type { ResourceTexts } from './resource-texts.js';
import { fieldErrors, requiredFields, serverFieldIssues, validatePayload, type FieldIssues } from './form-validation.js';
import { RecordHistory } from './RecordHistory.js';
import { useToast } from './toast.js';

export interface ResourceFormModalProps<T extends { id: string }, TValues extends object> {
  open: boolean;
  /** The record to edit, or null to create. */
  record: T | null;
  onClose: () => void;
  /** Names the form: its inputs get the ids `${name}_${field}`, which the labels point to. */
  name: string;
  api: Pick<ResourceApi<T>, 'resource' | 'useCreate' | 'useUpdate'>;
  texts: Pick<
    ResourceTexts,
    'createTitle' | 'editTitle' | 'createDescription' | 'editDescription' | 'createSubmit' | 'updateSubmit' | 'savingSubmit' | 'createFailed' | 'updateFailed' | 'created' | 'updated'
  >;
  /** The contracts' input schema: the payload is checked with it before it is sent, its messages shown per field. */
  schema: z.ZodType;
  /** The form's values for a record, or the create defaults when it is null. */
  toFormValues: (record: T | null) => TValues;
  /** The request body for the form's values (dates as 'YYYY-MM-DD', empty optionals as null). */
  toPayload: (values: TValues) => unknown;
  /** The fields: FormField (or Form.Item) elements. */
  children: ReactNode;
  /** A form instance of the screen's own, for fields computed from others (totals). */
  form?: FormInstance<TValues>;
  onValuesChange?: (changed: Partial<TValues>, values: TValues) => void;
  width?: number;
  /**
   * Leave empty optional values out of a create's body rather than send them as null (spec 5: maintenance, fuel,
   * settlements). An edit still sends them as null, so that a value the user cleared is cleared.
   */
  omitEmptyOnCreate?: boolean;
  /** Work in the dialog that the save must wait for (a document being read into the form): Save is disabled. */
  busy?: boolean;
  /** The record as the server saved it, before the dialog closes (a dialog opened from another chooses it there). */
  onSaved?: (saved: T) => void;
}

/** An object body without its null (empty) values. */
function withoutEmptyValues(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined));
}

/** What a dialog with changes asks before it throws them away (Escape, a click outside, the close button, Cancel). */
export const DISCARD_TEXTS = {
  title: 'Discard changes?',
  content: 'What you typed in this dialog will be lost.',
  discard: 'Discard',
  keep: 'Keep editing',
} as const;

/** A field's name as antd's form takes it: 'stops.2.location' → ['stops', 2, 'location'] (a list's items by number). */
const namePath = (name: string) => name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The first field a user types or chooses in: where a dialog opens (not on its close button). */
const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly])';

const RequiredFieldsContext = createContext<ReadonlySet<string>>(new Set());
/** The dialog's field labels and choices by field name, for its History to show the fields as the form does. */
const FieldDisplayContext = createContext({ labels: new Map<string, string>(), options: new Map<string, Map<unknown, string>>() });

/**
 * The required mark after the label. It is drawn by CSS with an empty alternative text (`content: "*" / ""`), so a
 * field's label text and accessible name stay exactly its label ('Truck Number', not '* Truck Number').
 */
const REQUIRED_MARK_CSS = '.tms-required-mark::after { content: "*"; content: "*" / ""; margin-inline-start: 4px; }';

function RequiredMark({ label, required }: { label: ReactNode; required: boolean }) {
  const { token } = theme.useToken();
  return (
    <>
      {label}
      {required && <span className="tms-required-mark" style={{ color: token.colorError }} />}
    </>
  );
}
const renderRequiredMark = (label: ReactNode, { required }: { required: boolean }) => <RequiredMark label={label} required={required} />;

/** A form field with a visible label wired to its input; marked required when the schema requires it. */
export function FormField({ name, ...props }: Omit<FormItemProps, 'name'> & { name: string; label: ReactNode }) {
  const required = useContext(RequiredFieldsContext);
  const display = useContext(FieldDisplayContext);
  if (typeof props.label === 'string') display.labels.set(name, props.label);
  const choices = isValidElement<{ options?: unknown }>(props.children) ? props.children.props.options : undefined;
  if (Array.isArray(choices)) {
    display.options.set(name, new Map(choices.filter((option) => typeof option?.label === 'string').map((option) => [option.value, option.label as string])));
  }
  return <Form.Item name={name} required={required.has(name)} {...props} />;
}

/** Fields side by side (each at least `minWidth` px wide), one per line when the dialog is narrow. */
export function FormGrid({ children, minWidth = 220 }: { children: ReactNode; minWidth?: number }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fit, minmax(min(${minWidth}px, 100%), 1fr))`, columnGap: 16 }}>
      {children}
    </div>
  );
}

/**
 * The create/edit dialog of every list screen. On submit it checks the payload with the contracts' zod schema and
 * shows each message under its field (and again as the user corrects them); it then creates or updates, shows the
 * server's field issues (400/409) under the fields and the spec 8 'Error' toast on failure, and closes on success.
 * The dialog is at most 90vh high and scrolls inside (spec 9).
 */
export function ResourceFormModal<T extends { id: string }, TValues extends object>(props: ResourceFormModalProps<T, TValues>) {
  const { open, record, onClose, name, api, texts, schema, toFormValues, toPayload, children, width = 640 } = props;
  const [ownForm] = Form.useForm<TValues>();
  const form = props.form ?? ownForm;
  const [initialValues] = useState(() => toFormValues(record));
  const required = useMemo(() => requiredFields(schema), [schema]);
  const [display] = useState(() => ({ labels: new Map<string, string>(), options: new Map<string, Map<unknown, string>>() }));
  const attempted = useRef(false);
  // One key per opening: however often this dialog's create reaches the server, it makes one record.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const create = api.useCreate(idempotencyKey);
  const update = api.useUpdate();
  const toast = useToast();
  const [confirm, confirmHolder] = Modal.useModal();
  const editing = record !== null;
  // A second click on Save before React shows the first as pending is not a second save.
  const submitting = useRef(false);
  const asking = useRef(false);
  const saving = create.isPending || update.isPending;

  const changed = () => JSON.stringify(toPayload(form.getFieldsValue(true) as TValues)) !== JSON.stringify(toPayload(initialValues));
  /** Closes, after asking when the user has changed anything (one question at a time). */
  const requestClose = () => {
    if (submitting.current || asking.current) return;
    if (!changed()) return onClose();
    asking.current = true;
    confirm.confirm({
      title: DISCARD_TEXTS.title,
      content: DISCARD_TEXTS.content,
      okText: DISCARD_TEXTS.discard,
      cancelText: DISCARD_TEXTS.keep,
      okButtonProps: { danger: true },
      focusable: { autoFocusButton: 'cancel' },
      onOk: onClose,
      afterClose: () => {
        asking.current = false;
      },
    });
  };
  const focusFirstField = (opened: boolean) => {
    const formElement = opened ? document.getElementById(formId) : null;
    if (!formElement || formElement.contains(document.activeElement)) return;
    formElement.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  };

  const formFields = () => form.getFieldsError().map((field) => field.name.join('.'));
  const showIssues = (issues: FieldIssues, only?: string[]) =>
    form.setFields(
      fieldErrors(issues, only ?? formFields()).map(({ name, errors }) => ({ name: namePath(name), errors })) as Parameters<
        typeof form.setFields
      >[0],
    );

  const submit = async () => {
    if (submitting.current || props.busy) return;
    attempted.current = true;
    const checked = validatePayload(schema, toPayload(form.getFieldsValue(true) as TValues));
    if (!checked.ok) return showIssues(checked.issues);
    showIssues({});
    submitting.current = true;
    try {
      const saved = editing
        ? await update.mutateAsync({ id: record.id, body: checked.value })
        : await create.mutateAsync(props.omitEmptyOnCreate ? withoutEmptyValues(checked.value) : checked.value);
      props.onSaved?.(saved);
      const success = editing ? texts.updated : texts.created;
      if (success) toast.success(...success);
      onClose();
    } catch (error) {
      showIssues(serverFieldIssues(error));
      // Spec 8's text, and the server's reason when the record conflicts with others (a load already invoiced).
      toast.error(editing ? texts.updateFailed : texts.createFailed, error instanceof ApiError ? error.conflictReason : undefined);
    } finally {
      submitting.current = false;
    }
  };

  // After a first attempt, the messages follow the user's corrections field by field.
  const revalidate = (changed: Partial<TValues>, values: TValues) => {
    props.onValuesChange?.(changed, values);
    if (!attempted.current) return;
    const checked = validatePayload(schema, toPayload(form.getFieldsValue(true) as TValues));
    // A list's change (a stop) is a change of every field in it.
    const touched = Object.keys(changed);
    showIssues(checked.ok ? {} : checked.issues, formFields().filter((field) => touched.some((name) => field === name || field.startsWith(`${name}.`))));
  };

  const formId = `${name}-form`;
  const description = editing ? texts.editDescription : texts.createDescription;
  const submitText = editing ? texts.updateSubmit : texts.createSubmit;

  return (
    <Modal
      open={open}
      title={editing ? texts.editTitle : texts.createTitle}
      onCancel={requestClose}
      afterOpenChange={focusFirstField}
      width={width}
      centered
      mask={{ closable: !saving }}
      okText={saving && texts.savingSubmit ? texts.savingSubmit : submitText}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving, disabled: props.busy }}
      cancelButtonProps={{ disabled: saving }}
      styles={{
        container: { maxHeight: '90vh', display: 'flex', flexDirection: 'column' },
        body: { overflowY: 'auto', flex: '1 1 auto', minHeight: 0, marginInline: -24, paddingInline: 24 },
      }}
    >
      {confirmHolder}
      {description && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          {description}
        </Typography.Paragraph>
      )}
      <style href="tms-required-mark" precedence="default">
        {REQUIRED_MARK_CSS}
      </style>
      <RequiredFieldsContext.Provider value={required}>
        <FieldDisplayContext.Provider value={display}>
          <Form<TValues>
            id={formId}
            name={name}
            form={form}
            layout="vertical"
            noValidate
            requiredMark={renderRequiredMark}
            initialValues={initialValues}
            disabled={saving}
            onFinish={submit}
            onValuesChange={revalidate}
            style={{ paddingTop: 8 }}
          >
            {children}
          </Form>
        </FieldDisplayContext.Provider>
      </RequiredFieldsContext.Provider>
      {editing && <RecordHistory resource={api.resource} id={record.id} display={display} />}
    </Modal>
  );
}
