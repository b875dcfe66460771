import { PageHeader } from '@tms/ui';

/** Spec 2.1: the Settings screen has a title and no content. */
export function SettingsPage() {
  return <PageHeader title="Settings" />;
}
