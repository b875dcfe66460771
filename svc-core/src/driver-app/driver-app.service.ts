import { Injectable } from '@nestjs/common';
import {
  DOCUMENTS_RESOURCE,
  LOAD_MESSAGES_RESOURCE,
  DRIVER_APP_MESSAGES,
  driverPairRequestSchema,
  fail,
  fieldIssues,
  isRecordId,
  ok,
  stopStampInputSchema,
  invalidInput,
  STOP_STAMP_KINDS,
  type DriverLoad,
  type DriverLoadSummary,
  type DriverMe,
  type DriverRequest,
  type RpcReply,
  type StopStamp,
} from '@tms/contracts';
import { companyTimeZone, internalErrorReply } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { LoadStops } from '../stops/load-stops.js';
import { DocumentsService } from '../documents/documents.service.js';
import { DocumentEntity } from '../documents/document.entity.js';
import { DriverPairingsService, type PairedDriver } from './driver-pairings.service.js';
import { StopStampsService, STOP_STAMPS_RESOURCE } from './stop-stamps.service.js';
import { LoadMessagesService } from './load-messages.service.js';

/** The loads a driver sees: assigned to them and assigned, in transit, or delivered within this many days. */
const DELIVERED_SHOWN_DAYS = 7;

const LOAD_COLUMNS = `l.id, l.load_number AS "loadNumber", l.status, l.pickup_location AS "pickupLocation",
  to_char(l.pickup_date, 'YYYY-MM-DD') AS "pickupDate", l.delivery_location AS "deliveryLocation",
  to_char(l.delivery_date, 'YYYY-MM-DD') AS "deliveryDate", l.stop_count AS "stopCount"`;

/** The driver's scope, in SQL: their loads, assigned, in transit, or delivered in the last DELIVERED_SHOWN_DAYS days. */
const IN_SCOPE = `l.assigned_driver_id = $1 AND (l.status IN ('assigned', 'in-transit')
  OR (l.status = 'delivered' AND l.delivery_date >= (now() AT TIME ZONE $2)::date - ${DELIVERED_SHOWN_DAYS}))`;

/**
 * The driver API (issue 44), answered for a phone token's hash: each request finds the driver the token is paired to
 * (a token unpaired is refused with 'This phone is no longer paired'), and reaches only that driver's loads (any
 * other is 'not found', as one that does not exist).
 */
@Injectable()
export class DriverAppService {
  private readonly timeZone = companyTimeZone();

  constructor(
    private readonly data: DataSource,
    private readonly pairings: DriverPairingsService,
    private readonly stamps: StopStampsService,
    private readonly stops: LoadStops,
    private readonly documents: DocumentsService,
    private readonly messages: LoadMessagesService,
  ) {}

  pair(payload: unknown) {
    const parsed = driverPairRequestSchema.safeParse(payload);
    if (!parsed.success) return Promise.resolve(fail('not_found', DRIVER_APP_MESSAGES.linkExpired));
    return this.pairings.pair(parsed.data.code);
  }

  me(request: DriverRequest, showPay: boolean): Promise<RpcReply<DriverMe>> {
    return this.asDriver(request, async (driver) => ok({ driverId: driver.driverId, driverName: driver.driverName, showPay }));
  }

  loads(request: DriverRequest): Promise<RpcReply<DriverLoadSummary[]>> {
    return this.asDriver(request, async (driver) =>
      ok(await this.data.query(`SELECT ${LOAD_COLUMNS} FROM core.loads l WHERE ${IN_SCOPE} ORDER BY l.pickup_date, l.load_number`, [driver.driverId, this.timeZone])),
    );
  }

  load(request: DriverRequest, showPay: boolean): Promise<RpcReply<DriverLoad>> {
    return this.asDriver(request, async (driver) => {
      const load = await this.loadInScope(driver, request.loadId);
      if (!load) return fail('not_found', 'Load not found');
      const stops = await this.stops.read(this.data.manager, load.id);
      const documents = await this.data.manager.find(DocumentEntity, { where: { loadId: load.id }, order: { uploadedAt: 'ASC', id: 'ASC' } });
      // Read by the driver now: dispatch sees them as read.
      const messages = await this.messages.driverThread(load.id);
      const pay = showPay && load.payType && load.payRate ? payText(load.payType, load.payRate) : undefined;
      const { truckId, truckNumber, rate, payType: _type, payRate: _rate, ...fields } = load;
      return ok({
        ...fields,
        truck: truckId ? { id: truckId, truckNumber: truckNumber! } : null,
        ...(showPay && { rate }),
        ...(pay && { pay }),
        stops: stops.map((stop) => ({
          id: stop.id,
          sequence: stop.sequence,
          type: stop.type,
          location: stop.location,
          address: stop.address ?? null,
          facility: stop.facility ?? null,
          latitude: stop.latitude ?? null,
          longitude: stop.longitude ?? null,
          appointmentStart: stop.appointmentStart ?? null,
          appointmentEnd: stop.appointmentEnd ?? null,
          reference: stop.reference ?? null,
          notes: stop.notes ?? null,
          arrivedAt: stop.arrivedAt ?? null,
          arrivedSource: stop.arrivedSource ?? null,
          departedAt: stop.departedAt ?? null,
          departedSource: stop.departedSource ?? null,
        })),
        documents: documents.map(({ id, fileName, documentType, uploadedAt }) => ({ id, fileName, documentType, uploadedAt: uploadedAt.toISOString() })),
        messages,
      } as DriverLoad);
    });
  }

  /** Arrived or Departed at a stop of one of the driver's loads, once per Idempotency-Key. */
  stamp(request: DriverRequest, idempotencyKey: string | undefined): Promise<RpcReply<StopStamp>> {
    return this.asDriver(request, async (driver) => {
      const load = await this.loadInScope(driver, request.loadId);
      if (!load || !isRecordId(request.stopId) || !(STOP_STAMP_KINDS as readonly unknown[]).includes(request.kind)) return fail('not_found', DRIVER_APP_MESSAGES.notYourStop);
      const [stop] = (await this.stops.read(this.data.manager, load.id)).filter((one) => one.id === request.stopId);
      if (!stop) return fail('not_found', DRIVER_APP_MESSAGES.notYourStop);
      const parsed = stopStampInputSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
      const { at, latitude, longitude, accuracyMeters } = parsed.data;
      const reply = await this.stamps.create(
        { loadId: load.id, stopId: stop.id, driverId: driver.driverId, kind: request.kind, at: at ? new Date(at) : new Date(), latitude: latitude ?? null, longitude: longitude ?? null, accuracyMeters: accuracyMeters ?? null },
        { resource: STOP_STAMPS_RESOURCE, actor: driver.actor, idempotencyKey },
      );
      if (!reply.ok) return reply;
      const stamp = reply.data;
      const [now] = (await this.stops.read(this.data.manager, load.id)).filter((one) => one.id === stop.id);
      const [storedAt, source] = stamp.kind === 'arrived' ? [now?.arrivedAt, now?.arrivedSource] : [now?.departedAt, now?.departedSource];
      const at_ = new Date(stamp.at).toISOString();
      return ok({ id: stamp.id, stopId: stamp.stopId, kind: stamp.kind, at: at_, applied: source === 'driver' && !!storedAt && new Date(storedAt).toISOString() === at_ });
    });
  }

  /**
   * A document the driver scanned or had signed (its bytes already in the upload bucket, checked by the gateway as
   * staff uploads are), kept on one of their loads as a load document, once per Idempotency-Key.
   */
  document(request: DriverRequest, idempotencyKey: string | undefined) {
    return this.asDriver(request, async (driver) => {
      const load = await this.loadInScope(driver, request.loadId);
      if (!load) return fail('not_found', 'Load not found');
      const fields = (request.document ?? {}) as Record<string, unknown>;
      return this.documents.create({ ...fields, loadId: load.id }, { resource: DOCUMENTS_RESOURCE, actor: driver.actor, idempotencyKey });
    });
  }

  /** A message from the driver on one of their loads (issue 44, point 5), once per Idempotency-Key. */
  message(request: DriverRequest, idempotencyKey: string | undefined) {
    return this.asDriver(request, async (driver) => {
      const load = await this.loadInScope(driver, request.loadId);
      if (!load) return fail('not_found', 'Load not found');
      return this.messages.post(load.id, request.body, { author: 'driver', name: driver.driverName }, { resource: LOAD_MESSAGES_RESOURCE, actor: driver.actor, idempotencyKey });
    });
  }

  /** The driver's load `loadId`, if it is in their scope. */
  private async loadInScope(driver: PairedDriver, loadId: unknown) {
    if (!isRecordId(loadId)) return undefined;
    const [load]: (DriverLoadSummary & { commodity: string | null; notes: string | null; truckId: string | null; truckNumber: string | null; rate: string; payType: string | null; payRate: string | null })[] = await this.data.query(
      `SELECT ${LOAD_COLUMNS}, l.commodity, l.notes, l.assigned_truck_id AS "truckId", t.truck_number AS "truckNumber", l.rate::text AS rate,
              d.pay_type AS "payType", d.pay_rate AS "payRate"
       FROM core.loads l LEFT JOIN core.trucks t ON t.id = l.assigned_truck_id JOIN core.drivers d ON d.id = l.assigned_driver_id
       WHERE l.id = $3 AND ${IN_SCOPE}`,
      [driver.driverId, this.timeZone, loadId],
    );
    return load;
  }

  private async asDriver<T>(request: DriverRequest, step: (driver: PairedDriver) => Promise<RpcReply<T>>): Promise<RpcReply<T>> {
    try {
      const driver = await this.pairings.pairedDriver(request?.tokenHash);
      if (!driver) return fail('not_found', DRIVER_APP_MESSAGES.unpaired);
      return await step(driver);
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}

/** The driver's pay rule as they read it: '$0.65 per mile', '28% of the rate', '$250.00 per load'. */
function payText(payType: string, payRate: string): string {
  if (payType === 'percent') return `${payRate}% of the rate`;
  return `$${payRate} ${payType === 'perMile' ? 'per mile' : 'per load'}`;
}
