import { orderStatusKind } from '@metrology/shared';

/** SPEC's status colours on the desk too: processing yellow, shipped blue, delivered green, cancelled red, else grey. */
export function DeskStatus({ status }: { status: string }) {
  const kind = orderStatusKind(status);
  return (
    <span className={`shell-desk-status shell-desk-status--${kind}`} data-status-kind={kind}>
      {status}
    </span>
  );
}

/** Back-office times in UTC, like the release CLI. */
export function When({ iso }: { iso: string | number }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return (
    <time dateTime={date.toISOString()}>{`${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`}</time>
  );
}
