import { Spinner, errorMessage } from '@metrology/shared';
import { useCaughtMailQuery, type CaughtMail } from './back-office-api';
import { RoleGate } from './role-gate';
import { When } from './status-badge';

function Message({ mail }: { mail: CaughtMail }) {
  return (
    <article
      className="shell-desk__card shell-mail"
      aria-labelledby={`mail-${mail.id}`}
      data-mail-id={mail.id}
    >
      <h2 id={`mail-${mail.id}`} className="shell-mail__subject">
        {mail.subject || '(no subject)'}
      </h2>
      <dl className="shell-desk__facts">
        <dt>To</dt>
        <dd>{mail.to}</dd>
        <dt>From</dt>
        <dd>{mail.from}</dd>
        <dt>Received</dt>
        <dd>
          <When iso={mail.at} />
        </dd>
      </dl>
      <pre className="shell-mail__text">{mail.text}</pre>
      {mail.html ? (
        <details>
          <summary>HTML part</summary>
          {/* sandbox="": the message's markup runs no script and reaches nothing of this page. */}
          <iframe
            className="shell-mail__html"
            title={`HTML part of ${mail.subject}`}
            sandbox=""
            srcDoc={mail.html}
          />
        </details>
      ) : null}
    </article>
  );
}

function CaughtMailDesk() {
  const mail = useCaughtMailQuery(undefined, { refetchOnMountOrArgChange: true });
  if (mail.isLoading) return <Spinner label="Loading the mail" />;
  if (mail.error || !mail.data) {
    return (
      <p role="alert" className="shell-desk__error">
        {errorMessage(mail.error, 'The mail could not be loaded.')}
      </p>
    );
  }
  const { catching, messages, outbox } = mail.data;
  return (
    <>
      <p data-testid="outbox-counts">
        {`Outbox: ${outbox.waiting} waiting, ${outbox.sent} sent, ${outbox.failed} given up, ${outbox.suppressed} held back by the per-address limits.`}{' '}
        <button type="button" className="ms-button ms-button--ghost" onClick={() => void mail.refetch()}>
          Refresh
        </button>
      </p>
      {!catching ? (
        <p>
          This shop sends its e-mails to a real mail server (SMTP_URL): there is no local catcher to read
          here.
        </p>
      ) : messages.length === 0 ? (
        <p>No e-mail has been caught yet.</p>
      ) : (
        messages.map((message) => <Message key={message.id} mail={message} />)
      )}
    </>
  );
}

/** Staff: the e-mails the local catcher received (npm start without SMTP_URL), newest first. */
export default function MailPage() {
  return (
    <RoleGate needs="staff" title="Caught mail">
      {() => (
        <div className="ms-page shell-desk" data-boundary="back-office">
          <h1>Caught mail</h1>
          <p className="shell-desk__sub">
            For local use: what the shop sent while no SMTP server was set (sign-up confirmations, password
            resets, order and enquiry messages). The links of confirmation and password-reset messages are
            hidden: they would let whoever reads them into the owner&apos;s account.
          </p>
          <CaughtMailDesk />
        </div>
      )}
    </RoleGate>
  );
}
