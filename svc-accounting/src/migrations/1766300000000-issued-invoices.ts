import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COMPANY_PROFILE_ID } from '../company/company.service.js';

/**
 * Issue 39: an issued invoice keeps whom it bills (`bill_to`: the customer's name and address) and who issues it
 * (`issued_by`: the company profile it prints), so that editing either later never rewrites an invoice already sent.
 * Existing invoices take the profile saved now (the best there is); their bill-to lives in svc-core, which no
 * migration here reads, so it is kept on the invoice's first print (InvoiceFilesService).
 */
export class IssuedInvoices1766300000000 implements MigrationInterface {
  name = 'IssuedInvoices1766300000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.invoices ADD COLUMN bill_to jsonb, ADD COLUMN issued_by jsonb`);
    await runner.query(
      `UPDATE accounting.invoices SET issued_by = jsonb_build_object(
         'name', p.name, 'address', p.address, 'phone', p.phone, 'email', p.email, 'mcNumber', p.mc_number,
         'dotNumber', p.dot_number, 'remitTo', p.remit_to, 'invoiceNotes', p.invoice_notes)
       FROM accounting.company_profile p WHERE p.id = $1`,
      [COMPANY_PROFILE_ID],
    );
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.invoices DROP COLUMN issued_by, DROP COLUMN bill_to`);
  }
}
