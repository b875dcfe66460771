import type { ReactNode } from 'react';

const ONE_LINE = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * A table cell's text on one line: a long one ends in '…' and shows whole on hover (the browser's title). Plain CSS:
 * antd's Typography ellipsis observes and measures every cell it draws, and a long list draws cells as it scrolls.
 * `children` when the text comes with more than itself (an icon before it); `maxWidth` to cut it before the cell's edge.
 */
export function OneLineText({ text, children, maxWidth }: { text: string; children?: ReactNode; maxWidth?: number }) {
  return (
    <span title={text} style={maxWidth === undefined ? ONE_LINE : { ...ONE_LINE, maxWidth }}>
      {children ?? text}
    </span>
  );
}
