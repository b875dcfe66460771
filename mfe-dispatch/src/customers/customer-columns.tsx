import { CUSTOMER_TYPE_LABELS, type Customer, type CustomerType } from '@tms/contracts';
import { CellText, OneLineText, StatusBadge, type BadgeTone, type ResourceColumn } from '@tms/ui';

const CUSTOMER_TYPE_TONES: Record<CustomerType, BadgeTone> = { shipper: 'primary', receiver: 'secondary' };

export const customerColumns: ResourceColumn<Customer>[] = [
  { title: 'Name', dataIndex: 'name', key: 'name', width: 200, render: (name: string) => <CellText strong>{name}</CellText> },
  { title: 'Email', dataIndex: 'email', key: 'email', width: 250, render: (email: string) => <OneLineText text={email} /> },
  { title: 'Phone', dataIndex: 'phone', key: 'phone', width: 140 },
  { title: 'Address', dataIndex: 'address', key: 'address', width: 220 },
  {
    title: 'Type',
    dataIndex: 'type',
    key: 'type',
    width: 100,
    render: (type: string) => <StatusBadge status={type} labels={CUSTOMER_TYPE_LABELS} tones={CUSTOMER_TYPE_TONES} />,
  },
];
