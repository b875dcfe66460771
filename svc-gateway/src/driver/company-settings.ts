import { COMPANY_RESOURCE, rpcSubject, type CompanyProfile } from '@tms/contracts';
import type { ServiceClient } from '../services/service-client.js';

/** How long the company's 'Show pay to drivers' is reused: a change reaches the phones within this. */
const REUSE_MS = 5000;

/** What the company lets drivers see (its profile, kept by svc-accounting), read at most once per REUSE_MS. */
export class CompanySettings {
  private recent?: { readAt: number; showPay: Promise<boolean> };

  constructor(private readonly services: ServiceClient) {}

  showPayToDrivers(requestId?: string): Promise<boolean> {
    const now = Date.now();
    if (!this.recent || now - this.recent.readAt >= REUSE_MS) {
      const subject = rpcSubject(this.services.subjectRoot, 'accounting', COMPANY_RESOURCE, 'get');
      const recent = {
        readAt: now,
        showPay: this.services.call<CompanyProfile>('accounting', subject, {}, { requestId }).then((profile) => (profile as { showPayToDrivers?: unknown }).showPayToDrivers === true),
      };
      this.recent = recent;
      recent.showPay.catch(() => {
        if (this.recent === recent) this.recent = undefined;
      });
    }
    return this.recent.showPay;
  }
}
