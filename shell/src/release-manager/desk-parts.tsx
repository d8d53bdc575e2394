// Parts every table of the release desk uses: times in UTC, and a table that scrolls sideways on a phone.
import type { ReactNode } from 'react';

/** Release managers read UTC, the same as `npm run release -- status`. */
export function Time({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return <>{iso || '—'}</>;
  return (
    <time dateTime={date.toISOString()}>{`${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`}</time>
  );
}

/** Wide tables scroll sideways on a phone; the scrolling region must be reachable by keyboard (WCAG 2.1.1). */
export function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  // Named "<section> table" so it is not a second landmark with its section's name (axe landmark-unique).
  const names = `${labelledBy} ${labelledBy}-table`;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is focusable so keyboard users can scroll it
    <div className="shell-releases__scroll" role="region" aria-labelledby={names} tabIndex={0}>
      <span id={`${labelledBy}-table`} hidden>
        table
      </span>
      {children}
    </div>
  );
}
