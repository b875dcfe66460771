import type { CSSProperties, ReactNode } from 'react';

export interface CellTextProps {
  children: ReactNode;
  /** Bold, as Typography.Text's `strong`. */
  strong?: boolean;
  /** Typography.Text's colours: secondary (a hint, 'N/A'), danger (overdue), success. */
  type?: 'secondary' | 'danger' | 'success';
  /** An identifier read character by character (a raw id): monospace, in the small size. */
  mono?: boolean;
  style?: CSSProperties;
}

const TYPE_COLORS = {
  secondary: 'var(--ant-color-text-secondary)',
  danger: 'var(--ant-color-error-text)',
  success: 'var(--ant-color-success-text)',
} as const;

/** The font of identifiers read character by character (a VIN, a plate, a raw id). */
export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * A table cell's text, as antd's Typography.Text draws it, with a plain element: a list draws its cells anew for
 * every row it shows, as it scrolls and as the search changes, and Typography.Text sets up its ellipsis, copy and
 * edit machinery (a dozen hooks and a style registration) even when none is asked for. The colours are antd's CSS
 * variables, so the text follows the theme.
 */
export function CellText({ children, strong = false, type, mono = false, style }: CellTextProps) {
  const look: CSSProperties = {
    color: type && TYPE_COLORS[type],
    fontWeight: strong ? 'var(--ant-font-weight-strong)' : undefined,
    fontFamily: mono ? MONOSPACE : undefined,
    fontSize: mono ? 12 : undefined,
    ...style,
  };
  return <span style={look}>{children}</span>;
}
