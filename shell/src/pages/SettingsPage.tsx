import { PageHeader } from '@tms/ui';
import { CalendarFeedCard } from './CalendarFeedCard.js';
import { ChargeTermsCard } from './ChargeTermsCard.js';
import { CompanyProfileCard } from './CompanyProfileCard.js';
import { FactoringCard } from './FactoringCard.js';
import { LearnedLayoutsCard } from './LearnedLayoutsCard.js';

/** Spec 2.1: the Settings screen has a title; its content is ours: the company profile, its charge terms, the factor (issue 45), the layouts AI Extract learned (issue 49) and the compliance calendar link. */
export function SettingsPage() {
  return (
    <div>
      <PageHeader title="Settings" />
      <CompanyProfileCard />
      <ChargeTermsCard />
      <FactoringCard />
      <LearnedLayoutsCard />
      <CalendarFeedCard />
    </div>
  );
}
