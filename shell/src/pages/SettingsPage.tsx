import { PageHeader } from '@tms/ui';
import { CalendarFeedCard } from './CalendarFeedCard.js';
import { ChargeTermsCard } from './ChargeTermsCard.js';
import { CompanyProfileCard } from './CompanyProfileCard.js';

/** Spec 2.1: the Settings screen has a title; its content is ours: the company profile, its charge terms and the compliance calendar link. */
export function SettingsPage() {
  return (
    <div>
      <PageHeader title="Settings" />
      <CompanyProfileCard />
      <ChargeTermsCard />
      <CalendarFeedCard />
    </div>
  );
}
