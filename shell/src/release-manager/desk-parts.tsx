// Parts every table of the release desk uses: times in UTC, and a table that scrolls sideways on a phone.
import type { ReactNode } from 'react';
import { ColumnHeads } from '../back-office/column-heads';

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

/**
 * A list of the release desk: a sentence in place of the table while the list is empty, else a table that scrolls
 * sideways, named by its section's heading, with one body row an item (`children` draws the row).
 */
export function ReleaseTable<T>({
  labelledBy,
  testId,
  columns,
  rows,
  empty,
  children,
}: {
  labelledBy: string;
  testId: string;
  columns: readonly string[];
  rows: readonly T[];
  empty: string;
  children: (row: T, index: number) => ReactNode;
}) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <ScrollRegion labelledBy={labelledBy}>
      <table className="shell-releases__table" data-testid={testId}>
        <ColumnHeads columns={columns} />
        <tbody>{rows.map(children)}</tbody>
      </table>
    </ScrollRegion>
  );
}

/** A text field of a submitted form, trimmed; '' when the form does not send it. */
export function sent(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}
