import { WarningOutlined } from '@ant-design/icons';
import { formatDollars, type Driver, type FuelPurchase, type Truck } from '@tms/contracts';
import { CellText, ColorBadge, formatDay, type RecordLookup, type ResourceColumn } from '@tms/ui';
import { Tooltip } from 'antd';
import { formatThousandths, fuelTypeColor, fuelVendorColor } from './fuel-display.js';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
const notAvailable = () => <CellText type="secondary">N/A</CellText>;

/** Spec 2.13's columns; the truck and driver are read from their lists ('N/A' when not there). */
export function fuelColumns(trucks: RecordLookup<Truck>, drivers: RecordLookup<Driver>): ResourceColumn<FuelPurchase>[] {
  return [
    { title: 'Date', dataIndex: 'transactionDate', key: 'transactionDate', width: 110, render: (day: string) => formatDay(day) },
    {
      title: 'Truck',
      dataIndex: 'truckId',
      key: 'truckId',
      width: 90,
      render: (truckId: string) => {
        const truckNumber = trucks.label(truckId);
        return truckNumber !== undefined ? <CellText strong>{truckNumber}</CellText> : notAvailable();
      },
    },
    { title: 'Driver', dataIndex: 'driverId', key: 'driverId', width: 150, render: (driverId: string) => drivers.label(driverId) ?? notAvailable() },
    {
      title: 'Vendor',
      dataIndex: 'vendor',
      key: 'vendor',
      width: 100,
      render: (vendor: string) => <ColorBadge color={fuelVendorColor(vendor)}>{vendor}</ColorBadge>,
    },
    {
      title: 'Location',
      dataIndex: 'location',
      key: 'location',
      width: 140,
      // Issue 48: an imported purchase the GPS check flagged shows a warning icon, its reasons as the tooltip.
      render: (location: string, purchase: FuelPurchase) =>
        purchase.gpsWarnings?.length ? (
          <span>
            {location}{' '}
            <Tooltip title={purchase.gpsWarnings.join('; ')}>
              <WarningOutlined role="img" aria-label={purchase.gpsWarnings.join('; ')} tabIndex={0} style={{ color: '#d48806' }} />
            </Tooltip>
          </span>
        ) : (
          location
        ),
    },
    {
      title: 'Gallons',
      dataIndex: 'gallons',
      key: 'gallons',
      width: 95,
      align: 'right',
      render: (gallons: string) => <span style={numeric}>{formatThousandths(gallons)}</span>,
    },
    {
      title: 'Price/Gal',
      dataIndex: 'pricePerGallon',
      key: 'pricePerGallon',
      width: 90,
      align: 'right',
      render: (price: string) => <span style={numeric}>${formatThousandths(price)}</span>,
    },
    {
      title: 'Total Cost',
      dataIndex: 'totalCost',
      key: 'totalCost',
      width: 105,
      align: 'right',
      render: (total: string) => <CellText strong style={numeric}>{formatDollars(total)}</CellText>,
    },
    {
      title: 'Fuel Type',
      dataIndex: 'fuelType',
      key: 'fuelType',
      width: 100,
      render: (type: string) => <ColorBadge color={fuelTypeColor(type)}>{type}</ColorBadge>,
    },
  ];
}
