import { useId, useRef, useState } from 'react';
import { Link, useParams } from '@metrology/shared/router';
import { Spinner, errorMessage, formatAmount, notify } from '@metrology/shared';
import { ColumnHeads } from './column-heads';
import { useMoveOrderMutation, useStaffOrderQuery, type DeskOrder, type MoveTarget } from './back-office-api';
import { ConfirmDialog } from './confirm-dialog';
import { RoleGate } from './role-gate';
import { DeskStatus, When } from './status-badge';

const MOVE_LABELS: Record<MoveTarget, string> = {
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

function Moves({ order }: { order: DeskOrder }) {
  const [asking, setAsking] = useState<MoveTarget | null>(null);
  const [move, { isLoading }] = useMoveOrderMutation();
  const [problem, setProblem] = useState('');
  // The note's field keeps what is typed (uncontrolled); what it holds is kept here when the dialog closes, so
  // it is there again if the dialog opens again before the note is sent.
  const noteField = useRef<HTMLTextAreaElement>(null);
  const [note, setNote] = useState('');
  const [noteToShopper, setNoteToShopper] = useState(true);
  const noteId = useId();
  const typedNote = () => noteField.current?.value ?? note;
  const cancel = () => {
    setNote(typedNote());
    setAsking(null);
  };

  const confirm = async () => {
    if (!asking) return;
    const text = typedNote();
    setProblem('');
    try {
      const result = await move({ id: order._id, status: asking, note: text.trim(), noteToShopper }).unwrap();
      setNote('');
      notify.success(result.message);
    } catch (error) {
      setNote(text);
      setProblem(errorMessage(error, 'The order could not be moved.'));
    } finally {
      setAsking(null);
    }
  };

  return (
    <section aria-labelledby="desk-moves" className="shell-desk__card">
      <h2 id="desk-moves">Move the order</h2>
      {order.allowedMoves.length === 0 ? (
        <p>{`This order is ${order.status}: no further moves.`}</p>
      ) : (
        <div className="shell-desk__actions">
          {order.allowedMoves.map((target) => (
            <button
              key={target}
              type="button"
              className={target === 'cancelled' ? 'ms-button ms-button--ghost' : 'ms-button'}
              onClick={() => setAsking(target)}
            >
              {MOVE_LABELS[target]}
            </button>
          ))}
        </div>
      )}
      {order.status === 'awaiting payment' && (
        <p className="shell-desk__sub">It can be shipped only after its payment is verified.</p>
      )}
      {problem && (
        <p role="alert" className="shell-desk__error">
          {problem}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={`${MOVE_LABELS[asking]}?`}
          text={`Order ${order._id} moves from ${order.status} to ${asking}. The customer sees it on their orders page and gets an e-mail.`}
          confirmLabel={MOVE_LABELS[asking]}
          busy={isLoading}
          onConfirm={() => void confirm()}
          onCancel={cancel}
        >
          <div className="ms-field">
            <label htmlFor={`${noteId}-note`}>Note (optional)</label>
            <textarea
              id={`${noteId}-note`}
              className="ms-textarea"
              maxLength={500}
              rows={3}
              ref={noteField}
              defaultValue={note}
            />
          </div>
          <label className="shell-desk__check">
            <input
              type="checkbox"
              checked={noteToShopper}
              onChange={(event) => setNoteToShopper(event.target.checked)}
            />{' '}
            Put the note in the e-mail to the customer (otherwise it stays in the history for staff)
          </label>
        </ConfirmDialog>
      )}
    </section>
  );
}

function OrderDesk({ id }: { id: string }) {
  const order = useStaffOrderQuery(id, { refetchOnMountOrArgChange: true });
  if (order.isLoading) return <Spinner label="Loading the order" />;
  if (order.error || !order.data) {
    return (
      <div className="ms-page shell-desk">
        <h1>Order</h1>
        <p role="alert" className="shell-desk__error">
          {errorMessage(order.error, 'The order could not be loaded.')}
        </p>
        <Link to="/back-office/orders">Back to the orders desk</Link>
      </div>
    );
  }
  const o = order.data;
  const a = o.address;
  return (
    <div className="ms-page shell-desk" data-boundary="back-office" data-order-id={o._id}>
      <p>
        <Link to="/back-office/orders">← Orders desk</Link>
      </p>
      <div className="shell-desk__head">
        <h1>
          Order <code>{o._id}</code>
        </h1>
        <DeskStatus status={o.status} />
      </div>
      <div className="shell-desk__grid">
        <Moves order={o} />
        <section aria-labelledby="desk-customer" className="shell-desk__card">
          <h2 id="desk-customer">Customer and address</h2>
          <p>
            {o.customer.name} <span className="shell-desk__sub">{o.customer.email}</span>
          </p>
          <address>
            {`${a.firstName} ${a.lastName}`}
            <br />
            {a.street}
            <br />
            {`${a.city}, ${a.state} ${a.zipcode}`}
            <br />
            {a.country}
            <br />
            {a.phone}
            {a.email ? (
              <>
                <br />
                {a.email}
              </>
            ) : null}
          </address>
        </section>
        <section aria-labelledby="desk-payment" className="shell-desk__card">
          <h2 id="desk-payment">Payment</h2>
          <dl className="shell-desk__facts">
            <dt>Method</dt>
            <dd>{o.paymentMethod.toUpperCase()}</dd>
            <dt>State</dt>
            <dd data-testid="desk-payment-state">
              {o.payment
                ? 'Paid (verified)'
                : o.paymentMethod === 'cod'
                  ? 'Cash on delivery: not paid yet'
                  : 'Awaiting payment'}
            </dd>
            <dt>Amount</dt>
            <dd>{`${formatAmount(o.amount)} (delivery ${formatAmount(o.deliveryFee)})`}</dd>
            {o.paymentRef && (
              <>
                <dt>Provider reference</dt>
                <dd>
                  <code>{o.paymentRef}</code>
                </dd>
              </>
            )}
          </dl>
        </section>
      </div>
      <section aria-labelledby="desk-items" className="shell-desk__card">
        <h2 id="desk-items">Items</h2>
        <table className="shell-desk__table">
          <ColumnHeads columns={['Product', 'Model', 'Price', 'Quantity', 'Total']} />
          <tbody>
            {o.items.map((item) => (
              <tr key={item._id}>
                <td>{item.name}</td>
                <td>{item.model}</td>
                <td>{formatAmount(item.price)}</td>
                <td>{item.quantity}</td>
                <td>{formatAmount(item.price * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="desk-history" className="shell-desk__card">
        <h2 id="desk-history">History</h2>
        <ol className="shell-desk__history" data-testid="desk-history">
          {o.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <DeskStatus status={entry.status} /> <When iso={entry.at} />
              {entry.actor ? ` by ${entry.actor.name} (${entry.actor.email})` : ''}
              {entry.note ? <span className="shell-desk__sub">{entry.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** Staff: one order with its items, address, payment and history, and the moves it allows. */
export default function OrderDeskPage() {
  const { id = '' } = useParams();
  return (
    <RoleGate needs="staff" title="Order">
      {() => <OrderDesk id={id} />}
    </RoleGate>
  );
}
