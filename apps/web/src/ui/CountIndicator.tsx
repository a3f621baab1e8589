import { Indicator } from '@mantine/core';
import type { ReactNode } from 'react';

const MAX_SHOWN = 99;

/** A count as a badge shows it: "7", "99+". */
export const countLabel = (count: number) => (count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count));

/**
 * A header button's unread count (the bell's, the chat's): a red badge on its corner, hidden at 0. The digits are
 * whole ("12", "99+"): the badge grows from 20 px, ringed in the page's colour.
 */
export function CountIndicator({ count, testId, children }: { count: number; testId?: string; children: ReactNode }) {
  return (
    <Indicator
      label={countLabel(count)}
      size={20}
      color="red"
      withBorder
      inline
      disabled={count === 0}
      offset={6}
      data-testid={testId}
      styles={{ indicator: { fontWeight: 700, lineHeight: 1, minWidth: 'max-content' } }}
    >
      {children}
    </Indicator>
  );
}
