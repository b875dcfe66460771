import type { Truck } from '@tms/contracts';
import { CellText, MONOSPACE, TruckStatusBadge, vehicleDetails, type ResourceColumn } from '@tms/ui';

const muted = (text: string) => <CellText type="secondary">{text}</CellText>;
const mono = { fontFamily: MONOSPACE, fontSize: 13 };

export const truckColumns: ResourceColumn<Truck>[] = [
  { title: 'Truck #', dataIndex: 'truckNumber', key: 'truckNumber', width: 110, render: (value: string) => <CellText strong>{value}</CellText> },
  { title: 'Type', dataIndex: 'type', key: 'type', width: 120 },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    width: 140,
    render: (status: string) => <TruckStatusBadge status={status} />,
  },
  { title: 'Vehicle Details', key: 'vehicle', width: 220, render: (_, truck) => vehicleDetails(truck) ?? muted('Not specified') },
  { title: 'License Plate', dataIndex: 'licensePlate', key: 'licensePlate', width: 130, render: (value: string) => <span style={mono}>{value}</span> },
  { title: 'VIN', dataIndex: 'vin', key: 'vin', width: 180, render: (vin: string | null) => (vin ? <span style={mono}>{vin}</span> : muted('N/A')) },
];
