import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  COMPLIANCE_WINDOW_DAYS,
  daysPhrase,
  ok,
  PERIODIC_INSPECTION_TYPES,
  type ComplianceItem,
  type ComplianceKind,
  type RpcReply,
} from '@tms/contracts';
import { companyTimeZone, internalErrorReply } from '@tms/service-kit';
import { DataSource } from 'typeorm';

interface Row {
  kind: ComplianceKind;
  subject_type: 'driver' | 'truck';
  subject_id: string;
  subject_name: string;
  record_id: string | null;
  detail: string | null;
  due_date: string | null;
  days_left: number | null;
}

/**
 * Every item that needs attention, computed in one query from the records as they are (nothing is stored, so a
 * renewed licence leaves the list at once). "Today" is the company's calendar day (COMPANY_TIME_ZONE); days left is
 * the whole number of days from it to the due date.
 */
const COMPLIANCE_SQL = `
  WITH today AS (SELECT (now() AT TIME ZONE $1)::date AS day),
  driver_dates AS (
    SELECT 'cdl' AS kind, id, name, license_expiration AS due FROM core.drivers WHERE license_expiration IS NOT NULL
    UNION ALL
    SELECT 'medical', id, name, medical_card_expiration FROM core.drivers WHERE medical_card_expiration IS NOT NULL
  ),
  periodic AS (
    SELECT t.id, t.truck_number,
           (SELECT max(i.inspection_date) FROM core.inspections i
             WHERE i.truck_id = t.id AND i.status = 'Passed' AND i.inspection_type = ANY($2::text[])) AS last_passed
    FROM core.trucks t WHERE t.status <> 'out-of-service'
  ),
  latest_service AS (
    SELECT DISTINCT ON (m.truck_id, m.maintenance_type) m.id, m.truck_id, m.maintenance_type, m.next_service_date
    FROM core.maintenance_records m
    WHERE m.status <> 'Cancelled' AND m.next_service_date IS NOT NULL
    ORDER BY m.truck_id, m.maintenance_type, m.service_date DESC, m.created_at DESC, m.id DESC
  ),
  items AS (
    SELECT d.kind, 'driver' AS subject_type, d.id AS subject_id, d.name AS subject_name, NULL::uuid AS record_id,
           NULL::text AS detail, d.due
    FROM driver_dates d, today WHERE d.due - today.day <= CASE d.kind WHEN 'cdl' THEN $3::int ELSE $4::int END
    UNION ALL
    SELECT 'annual-inspection', 'truck', p.id, p.truck_number, NULL, NULL, (p.last_passed + interval '1 year')::date
    FROM periodic p, today WHERE p.last_passed IS NULL OR (p.last_passed + interval '1 year')::date - today.day <= $5::int
    UNION ALL
    SELECT 'service', 'truck', s.truck_id, t.truck_number, s.id, s.maintenance_type, s.next_service_date
    FROM latest_service s JOIN core.trucks t ON t.id = s.truck_id, today WHERE s.next_service_date - today.day <= $6::int
    UNION ALL
    SELECT 'violation-fine', 'driver', v.driver_id, d.name, v.id, v.violation_type, v.due_date
    FROM core.violations v JOIN core.drivers d ON d.id = v.driver_id, today
    WHERE v.status = 'Pending' AND v.due_date IS NOT NULL AND v.due_date - today.day <= $7::int
  )
  SELECT kind, subject_type, subject_id, subject_name, record_id, detail, to_char(due, 'YYYY-MM-DD') AS due_date,
         due - today.day AS days_left
  FROM items, today
  ORDER BY CASE WHEN due < today.day THEN 0 WHEN due IS NULL THEN 1 ELSE 2 END, due, subject_name, kind, record_id`;

@Injectable()
export class ComplianceService {
  /** Read once, at start: a bad COMPANY_TIME_ZONE stops the service starting, naming the setting. */
  private readonly timeZone = companyTimeZone();

  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async list(): Promise<RpcReply<ComplianceItem[]>> {
    try {
      const window = COMPLIANCE_WINDOW_DAYS;
      const rows: Row[] = await this.database.query(COMPLIANCE_SQL, [
        this.timeZone,
        PERIODIC_INSPECTION_TYPES,
        window.cdl,
        window.medical,
        window['annual-inspection'],
        window.service,
        window['violation-fine'],
      ]);
      return ok(rows.map(toItem));
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}

function toItem(row: Row): ComplianceItem {
  const daysLeft = row.days_left === null ? null : Number(row.days_left);
  const item: ComplianceItem = {
    kind: row.kind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    dueDate: row.due_date,
    daysLeft,
    status: daysLeft === null ? 'missing' : daysLeft < 0 ? 'expired' : 'due-soon',
    message: messageOf(row, daysLeft),
  };
  if (row.record_id) item.recordId = row.record_id;
  if (row.detail) item.detail = row.detail;
  return item;
}

/** 'CDL of Maria Lopez expires in 12 days', 'Oil Change of truck T-101 was due 3 days ago', ... */
function messageOf(row: Row, daysLeft: number | null): string {
  if (daysLeft === null) return `Truck ${row.subject_name} has no passed annual inspection on file`;
  const when = daysPhrase(daysLeft);
  const past = daysLeft < 0;
  switch (row.kind) {
    case 'cdl':
      return `CDL of ${row.subject_name} ${past ? 'expired' : 'expires'} ${when}`;
    case 'medical':
      return `Medical card of ${row.subject_name} ${past ? 'expired' : 'expires'} ${when}`;
    case 'annual-inspection':
      return `Annual inspection of truck ${row.subject_name} ${past ? 'was due' : 'is due'} ${when}`;
    case 'service':
      return `${row.detail} of truck ${row.subject_name} ${past ? 'was due' : 'is due'} ${when}`;
    case 'violation-fine':
      return `${row.detail} fine of ${row.subject_name} ${past ? 'was due' : 'is due'} ${when}`;
  }
}
