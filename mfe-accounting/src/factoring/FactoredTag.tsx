import { CHARGED_BACK_TAG, FACTORED_TAG, type Invoice } from '@tms/contracts';
import { Badge } from '@tms/ui';

/**
 * Issue 45: 'Factored' beside an invoice's status while the factor holds it (bought, or paid to the factor), and
 * 'Charged back' once it is the carrier's receivable again; the spec's statuses are left as they are.
 */
export function FactoredTag({ invoice }: { invoice: Pick<Invoice, 'factoringState'> }) {
  if (!invoice.factoringState) return null;
  return invoice.factoringState === 'chargedBack' ? <Badge tone="warning">{CHARGED_BACK_TAG}</Badge> : <Badge tone="secondary">{FACTORED_TAG}</Badge>;
}
