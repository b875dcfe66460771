import type { CurrentUser } from '@tms/contracts';
import { Avatar, Typography } from 'antd';
import { userDisplayName, userInitials } from './initials.js';

/** Spec 2.2: the profile image; without one, the initials. */
export function UserAvatar({ user, showName }: { user: CurrentUser; showName: boolean }) {
  const name = userDisplayName(user);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <Avatar src={user.profileImageUrl || undefined} alt={name} style={{ flex: 'none', fontWeight: 600 }}>
        {userInitials(user)}
      </Avatar>
      {showName && (
        <Typography.Text ellipsis style={{ maxWidth: 180 }}>
          {name}
        </Typography.Text>
      )}
    </span>
  );
}
