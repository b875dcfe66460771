import { initials } from './initials.js';

/**
 * A round avatar with the name's initials (at most 2 letters). Drawn here rather than with antd's Avatar, which
 * measures its text after each mount to shrink it (a forced layout per row that made long lists stutter while
 * scrolling): two letters at 40% of the size always fit. Its colours are antd's CSS variables (no hook per avatar).
 */
export function InitialsAvatar({ name, size = 36 }: { name: string | null | undefined; size?: number }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        // Blue's lightest shade and a text shade that reads on it in both themes (primary on primary-bg is 2.1:1 dark).
        backgroundColor: 'var(--ant-blue-1)',
        color: 'var(--ant-blue-8)',
        fontWeight: 600,
        fontSize: Math.round(size * 0.4),
        whiteSpace: 'nowrap',
      }}
    >
      {initials(name)}
    </span>
  );
}
