import type { Load } from '@tms/contracts';
import { ApiError, FormField, useAssignmentWarning, useChoices, useLookup, useToast } from '@tms/ui';
import { Form, Modal, Select } from 'antd';
import { withAssignment, type LoadFormValues } from './load-form.js';
import { loadsApi } from './loads.api.js';

export const ASSIGN_TEXTS = {
  action: 'Assign',
  title: (loadNumber: string) => `Assign ${loadNumber}`,
  save: 'Assign',
  done: (loadNumber: string) => `${loadNumber} assigned`,
  failed: 'Failed to assign load. Please try again.',
} as const;

type AssignValues = Pick<LoadFormValues, 'assignedDriverId' | 'assignedTruckId'>;

/**
 * Assign from a load's workspace (issue 47): its driver and truck only, chosen as in the load dialog (ready ones
 * first, a driver bringing their truck, a warning for one not fit to go); a pending load given both becomes Assigned.
 */
export function AssignDialog({ load, onClose }: { load: Load; onClose: () => void }) {
  const [form] = Form.useForm<AssignValues>();
  const drivers = useChoices('drivers', { none: true });
  const trucks = useChoices('trucks', { none: true });
  const driverWarning = useAssignmentWarning('drivers');
  const truckWarning = useAssignmentWarning('trucks');
  const driverLookup = useLookup('drivers');
  const update = loadsApi.useUpdate();
  const toast = useToast();

  const save = (values: AssignValues) => {
    const assignedDriverId = values.assignedDriverId || null;
    const assignedTruckId = values.assignedTruckId || null;
    const status = load.status === 'pending' && assignedDriverId && assignedTruckId ? 'assigned' : undefined;
    update.mutate(
      { id: load.id, body: { assignedDriverId, assignedTruckId, ...(status && { status }) } },
      {
        onSuccess: () => {
          toast.success(ASSIGN_TEXTS.done(load.loadNumber));
          onClose();
        },
        onError: (error) => toast.error(ASSIGN_TEXTS.failed, error instanceof ApiError ? error.conflictReason : undefined),
      },
    );
  };

  return (
    <Modal
      open
      title={ASSIGN_TEXTS.title(load.loadNumber)}
      okText={ASSIGN_TEXTS.save}
      onOk={() => form.submit()}
      okButtonProps={{ loading: update.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AssignValues>
        form={form}
        layout="vertical"
        initialValues={{ assignedDriverId: load.assignedDriverId ?? '', assignedTruckId: load.assignedTruckId ?? '' }}
        onFinish={save}
        onValuesChange={(changed: Partial<AssignValues>) => {
          const values = form.getFieldsValue();
          const fill = withAssignment(changed, { status: load.status, ...values }, (driverId) => driverLookup.get(driverId)?.assignedTruckId);
          if (fill.assignedTruckId) form.setFieldsValue({ assignedTruckId: fill.assignedTruckId });
        }}
      >
        <FormField label="Assigned Driver" name="assignedDriverId" rules={[driverWarning]}>
          <Select {...drivers} />
        </FormField>
        <FormField label="Assigned Truck" name="assignedTruckId" rules={[truckWarning]}>
          <Select {...trucks} />
        </FormField>
      </Form>
    </Modal>
  );
}
