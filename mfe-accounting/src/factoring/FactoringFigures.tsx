import { BankOutlined, RollbackOutlined } from '@ant-design/icons';
import { formatDollars } from '@tms/contracts';
import { SummaryCard, SummaryCardGrid } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { factorQuery, ledgerQuery } from './factoring.api.js';
import { FACTORING_TEXTS } from './FactoringDrawer.js';

/** Issue 45: the Overview's factoring figures, beside the spec's four, once a factor is saved. */
export function FactoringFigures() {
  const factor = useQuery(factorQuery());
  const ledger = useQuery({ ...ledgerQuery(), enabled: Boolean(factor.data?.name) });
  if (!factor.data?.name || !ledger.data) return null;
  const { reserveHeld, owedBack } = ledger.data.balances;
  return (
    <div style={{ marginTop: 16 }}>
      <SummaryCardGrid>
        <SummaryCard title={FACTORING_TEXTS.balances.reserveHeld} icon={<BankOutlined />} value={formatDollars(reserveHeld)} note={factor.data.name} />
        <SummaryCard title={FACTORING_TEXTS.balances.owedBack} icon={<RollbackOutlined />} value={formatDollars(owedBack)} note="Charge-backs and short pays past a reserve" />
      </SummaryCardGrid>
    </div>
  );
}
