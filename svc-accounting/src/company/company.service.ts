import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { companyProfileSchema, DEFAULT_COMPANY_PROFILE, fieldIssues, invalidInput, ok, type CompanyProfile, type RpcReply } from '@tms/contracts';
import { companyTimeZone, dayIn, internalErrorReply, recordWrite, type ChangeContext } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { CompanyProfileEntity } from './company-profile.entity.js';

/** The profile's one row, and its record id in the audit trail. */
export const COMPANY_PROFILE_ID = '00000000-0000-4000-8000-000000000001';

const FIELDS = Object.keys(DEFAULT_COMPANY_PROFILE) as (keyof CompanyProfile)[];
const profileOf = (row: CompanyProfileEntity): CompanyProfile => Object.fromEntries(FIELDS.map((field) => [field, row[field]])) as CompanyProfile;

/**
 * The carrier's profile (issue 26): read by the invoices and statements it prints and the due dates its terms set;
 * the defaults until it is saved. Saving writes the whole profile (remit-to left empty is the address), recorded in
 * the audit trail as resource 'company'. Also the company's calendar: "today" is the day in COMPANY_TIME_ZONE.
 */
@Injectable()
export class CompanyService {
  /** Read once, at start: a bad COMPANY_TIME_ZONE stops the service starting, naming the setting. */
  private readonly timeZone = companyTimeZone();

  constructor(@InjectRepository(CompanyProfileEntity) private readonly repository: Repository<CompanyProfileEntity>) {}

  /** Today in the company's calendar ('YYYY-MM-DD'). */
  today(): string {
    return dayIn(this.timeZone);
  }

  async profile(): Promise<CompanyProfile> {
    return (await this.saved()) ?? { ...DEFAULT_COMPANY_PROFILE };
  }

  /** The profile as saved (read by `manager`, a write's transaction); null before it is. */
  async saved(manager: EntityManager = this.repository.manager): Promise<CompanyProfile | null> {
    const row = await manager.findOneBy(CompanyProfileEntity, { id: COMPANY_PROFILE_ID });
    return row ? profileOf(row) : null;
  }

  async get(): Promise<RpcReply<CompanyProfile>> {
    try {
      return ok(await this.profile());
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  async put(payload: unknown, context: ChangeContext): Promise<RpcReply<CompanyProfile>> {
    const parsed = companyProfileSchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const fields = { ...parsed.data, remitTo: parsed.data.remitTo || parsed.data.address };
    try {
      const saved = await this.repository.manager.transaction(async (manager) => {
        // Two first saves at once: the second waits, then finds the first's row and updates it.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('accounting.company_profile', 0))`);
        const existing = await manager.findOneBy(CompanyProfileEntity, { id: COMPANY_PROFILE_ID });
        if (existing) {
          const before = { ...existing };
          await manager.update(CompanyProfileEntity, { id: COMPANY_PROFILE_ID }, fields);
          await recordWrite(manager, this.repository.metadata, context, COMPANY_PROFILE_ID, before);
        } else {
          await manager.insert(CompanyProfileEntity, { id: COMPANY_PROFILE_ID, ...fields });
          await recordWrite(manager, this.repository.metadata, context, COMPANY_PROFILE_ID);
        }
        return manager.findOneByOrFail(CompanyProfileEntity, { id: COMPANY_PROFILE_ID });
      });
      return ok(profileOf(saved));
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}
