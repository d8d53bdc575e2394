import { useState } from 'react';
import { Link } from '@metrology/shared/router';
import {
  Spinner,
  errorMessage,
  getRuntimeConfig,
  notify,
  selectToken,
  useAppSelector,
} from '@metrology/shared';
import {
  PAGE_SIZE,
  useInboxQuery,
  useMarkHandledMutation,
  type InboxItem,
  type InboxKind,
} from './back-office-api';
import { RoleGate } from './role-gate';
import { When } from './status-badge';

const KINDS: { kind: InboxKind; label: string }[] = [
  { kind: 'messages', label: 'Contact messages' },
  { kind: 'enquiries', label: 'Product enquiries' },
  { kind: 'applications', label: 'Job applications' },
];

type Shown = 'false' | 'true' | 'all';

/** The resume is served only with a staff session (a header), so it is fetched and handed over as a file. */
function useResumeDownload() {
  const token = useAppSelector(selectToken);
  return async (item: InboxItem) => {
    try {
      const response = await fetch(
        `${getRuntimeConfig().apiBaseUrl}/api/staff/applications/${item._id}/resume`,
        {
          headers: token ? { token } : {},
        },
      );
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message || `The resume could not be downloaded (${response.status})`);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = item.resume?.name || 'resume';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify.error(errorMessage(error, 'The resume could not be downloaded.'));
    }
  };
}

function Item({ item }: { item: InboxItem }) {
  const [mark, { isLoading }] = useMarkHandledMutation();
  const download = useResumeDownload();
  const toggle = async () => {
    try {
      await mark({ kind: item.kind, id: item._id, handled: !item.handled }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, 'The item could not be updated.'));
    }
  };
  const headingId = `inbox-${item._id}`;
  return (
    <li>
      <article
        className={`shell-inbox__item${item.handled ? ' shell-inbox__item--handled' : ''}`}
        aria-labelledby={headingId}
        data-inbox-id={item._id}
      >
        <h3 id={headingId}>{item.subject || '(no subject)'}</h3>
        <p className="shell-desk__sub">
          <When iso={item.at} />
          {` · ${item.name ? `${item.name} · ` : ''}`}
          <a href={`mailto:${item.email}`}>{item.email}</a>
          {item.phone ? ` · ${item.phone}` : ''}
        </p>
        <p className="shell-inbox__details">{item.details}</p>
        {Object.keys(item.extra).length > 0 && (
          <dl className="shell-desk__facts">
            {Object.entries(item.extra).map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="shell-desk__actions">
          {item.resume && (
            <button type="button" className="ms-button ms-button--ghost" onClick={() => void download(item)}>
              {`Download resume (${item.resume.name})`}
            </button>
          )}
          <button type="button" className="ms-button" onClick={() => void toggle()} disabled={isLoading}>
            {item.handled ? 'Mark open again' : 'Mark handled'}
          </button>
          {item.handled && item.handledBy && (
            <span className="shell-desk__sub">
              {`Handled by ${item.handledBy.name} `}
              <When iso={item.handledAt} />
            </span>
          )}
        </div>
      </article>
    </li>
  );
}

function Inbox() {
  const [kind, setKind] = useState<InboxKind>('messages');
  const [shown, setShown] = useState<Shown>('false');
  const [page, setPage] = useState(1);
  const inbox = useInboxQuery({ kind, handled: shown, page }, { refetchOnMountOrArgChange: true });
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / PAGE_SIZE)) : 1;
  const label = KINDS.find((k) => k.kind === kind)?.label ?? '';

  return (
    <div className="ms-page shell-desk" data-boundary="back-office">
      <div className="shell-desk__head">
        <h1>Inbox</h1>
        <Link to="/back-office/orders" className="ms-button ms-button--ghost">
          Orders desk
        </Link>
      </div>
      <div className="shell-desk__filters">
        <div className="shell-inbox__kinds" role="group" aria-label="What to show">
          {KINDS.map((k) => (
            <button
              key={k.kind}
              type="button"
              className={`ms-button${k.kind === kind ? '' : ' ms-button--ghost'}`}
              aria-pressed={k.kind === kind}
              onClick={() => {
                setKind(k.kind);
                setPage(1);
              }}
            >
              {k.label}
            </button>
          ))}
        </div>
        <div className="ms-field">
          <label htmlFor="inbox-shown">Show</label>
          <select
            id="inbox-shown"
            className="ms-select"
            defaultValue={shown}
            onChange={(e) => {
              setShown(e.target.value as Shown);
              setPage(1);
            }}
          >
            <option value="false">Open</option>
            <option value="true">Handled</option>
            <option value="all">All</option>
          </select>
        </div>
      </div>
      <h2>{label}</h2>
      {inbox.isLoading ? (
        <Spinner label="Loading the inbox" />
      ) : inbox.error ? (
        <p role="alert" className="shell-desk__error">
          {errorMessage(inbox.error, 'The inbox could not be loaded.')}
        </p>
      ) : inbox.data ? (
        <>
          <p className="shell-desk__count" aria-live="polite">{`${inbox.data.open} open`}</p>
          {inbox.data.items.length === 0 ? (
            <p>Nothing here.</p>
          ) : (
            <ul className="shell-inbox__list" data-testid="inbox-items">
              {inbox.data.items.map((item) => (
                <Item key={item._id} item={item} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="shell-desk__pager" aria-label="Inbox pages">
              <button
                type="button"
                className="ms-button ms-button--ghost"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </button>
              <span>{`Page ${page} of ${pages}`}</span>
              <button
                type="button"
                className="ms-button ms-button--ghost"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      ) : null}
    </div>
  );
}

/** Staff: enquiries, contact messages and job applications, each markable as handled. */
export default function InboxPage() {
  return (
    <RoleGate needs="staff" title="Inbox">
      {() => <Inbox />}
    </RoleGate>
  );
}
