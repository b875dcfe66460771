import type { CurrentUser } from '@tms/contracts';

/**
 * Spec 2.2: the avatar's fallback text: the first letters of first and last name, else the first letter of the
 * e-mail, else 'U'.
 */
export function userInitials(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const email = user?.email?.trim();
  if (email) return email[0].toUpperCase();
  return 'U';
}

/** The name shown beside the avatar: the full name, else the e-mail. */
export function userDisplayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean).join(' ');
  return name || user.email;
}
