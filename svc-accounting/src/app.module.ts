import { ShowPayToDrivers1767100000000 } from './migrations/1767100000000-show-pay-to-drivers.js';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { auditController, dataSourceOptions, healthController, openDatabase, referenceHoldsController, serviceRequestsModule } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { ExpenseEntity } from './expenses/expense.entity.js';
import { AgingModule } from './aging/aging.module.js';
import { ExpensesModule } from './expenses/expenses.module.js';
import { InvoiceEntity } from './invoices/invoice.entity.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { Accounting1764000000000 } from './migrations/1764000000000-accounting.js';
import { AuditSendings1767250000000 } from './migrations/1767250000000-audit-sendings.js';
import { AuditTrail1764400000000 } from './migrations/1764400000000-audit-trail.js';
import { CompanySettlementLoads1765500000000 } from './migrations/1765500000000-company-settlement-loads.js';
import { IftaRates1766000000000 } from './migrations/1766000000000-ifta-rates.js';
import { IftaRatesModule } from './ifta-rates/ifta-rates.module.js';
import { IftaModule } from './ifta/ifta.module.js';
import { IdempotencyKeys1766100000000 } from './migrations/1766100000000-idempotency-keys.js';
import { IdempotencyKeysPerUser1766200000000 } from './migrations/1766200000000-idempotency-keys-per-user.js';
import { IssuedInvoices1766300000000 } from './migrations/1766300000000-issued-invoices.js';
import { Remittances1766700000000 } from './migrations/1766700000000-remittances.js';
import { CompanyProfileEntity } from './company/company-profile.entity.js';
import { CompanyModule } from './company/company.module.js';
import { FactorSettingsEntity } from './factoring/factor-settings.entity.js';
import { FactoringReportEntity } from './factoring/factoring-report.entity.js';
import { FactoringScheduleEntity } from './factoring/factoring-schedule.entity.js';
import { FactoringModule } from './factoring/factoring.module.js';
import { LedgerEntryEntity } from './factoring/ledger-entry.entity.js';
import { Factoring1767200000000 } from './migrations/1767200000000-factoring.js';
import { ExpenseImportKeys1767300000100 } from './migrations/1767300000100-expense-import-keys.js';
import { InvoiceLines1767410000000 } from './migrations/1767410000000-invoice-lines.js';
import { DriverDeductions1767420000000 } from './migrations/1767420000000-driver-deductions.js';
import { DriverDeductionEntity } from './deductions/driver-deduction.entity.js';
import { DriverDeductionsModule } from './deductions/driver-deductions.module.js';
import { PaymentEntity } from './payments/payment.entity.js';
import { PaymentsModule } from './payments/payments.module.js';
import { RemittanceEntity } from './remittances/remittance.entity.js';
import { RemittancesModule } from './remittances/remittances.module.js';
import { SettlementEntity } from './settlements/settlement.entity.js';
import { SettlementsModule } from './settlements/settlements.module.js';

/** svc-accounting owns the `accounting` schema: every entity and migration of the service is listed here. */
export const ACCOUNTING_DATABASE = {
  schema: 'accounting',
  entities: [InvoiceEntity, PaymentEntity, RemittanceEntity, ExpenseEntity, SettlementEntity, CompanyProfileEntity, FactorSettingsEntity, FactoringScheduleEntity, FactoringReportEntity, LedgerEntryEntity, DriverDeductionEntity],
  migrations: [Accounting1764000000000, AuditTrail1764400000000, CompanySettlementLoads1765500000000, IftaRates1766000000000, IdempotencyKeys1766100000000, IdempotencyKeysPerUser1766200000000, IssuedInvoices1766300000000, Remittances1766700000000, ShowPayToDrivers1767100000000, Factoring1767200000000, AuditSendings1767250000000, ExpenseImportKeys1767300000100, InvoiceLines1767410000000, DriverDeductions1767420000000],
};

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      useFactory: () => dataSourceOptions(ACCOUNTING_DATABASE),
      dataSourceFactory: async (options) => openDatabase(new DataSource(options!)),
    }),
    // Loads, customers and drivers are svc-core's: held there over NATS while an invoice, payment, expense or
    // settlement names one (ReferenceHolds), and asked for when an invoice's customer must be its load's; IFTA's
    // return asks svc-telematics for its miles and svc-core for its fuel and trucks.
    serviceRequestsModule(),
    InvoicesModule,
    ExpensesModule,
    PaymentsModule,
    RemittancesModule,
    SettlementsModule,
    DriverDeductionsModule,
    CompanyModule,
    IftaRatesModule,
    IftaModule,
    AgingModule,
    FactoringModule,
  ],
  // svc-core asks what our records name when a delete meets their holds (references.named).
  controllers: [healthController('accounting'), referenceHoldsController('accounting'), auditController('accounting')],
})
export class AppModule {}
