import { Avatar, theme } from 'antd';
import { initials } from './initials.js';

/** A round avatar with the name's initials (at most 2 letters). */
export function InitialsAvatar({ name, size = 36 }: { name: string | null | undefined; size?: number }) {
  const { token } = theme.useToken();
  return (
    <Avatar size={size} aria-hidden style={{ backgroundColor: token.colorPrimaryBg, color: token.colorPrimary, fontWeight: 600, fontSize: Math.round(size * 0.4), flex: 'none' }}>
      {initials(name)}
    </Avatar>
  );
}
