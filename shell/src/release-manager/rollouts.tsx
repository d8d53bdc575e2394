// The desk's staged rollouts: each running rollout's split and the canary beside the live version (sessions,
// failing sessions, failure rate over the controller's window), and the dialogs that start, steer and end them.
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Dialog, DialogDescription, DialogTitle, errorMessage, notify } from '@metrology/shared';
import { ColumnHeads } from '../back-office/column-heads';
import { sent } from './desk-parts';
import { ConfirmDialog } from '../back-office/confirm-dialog';
import {
  useRolloutActionMutation,
  useSetRolloutPercentMutation,
  useStartRolloutMutation,
  type DeskRemote,
  type DeskRollout,
  type RolloutPolicy,
  type VersionHealth,
} from './releases-api';

const percentText = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/** "stage 2 of 3 (10 % for 10 min, 50 % for 10 min, approval, 100 %)". */
function planText(rollout: DeskRollout): string {
  if (!rollout.plan) return 'A fixed share, until you change, complete or abort it.';
  const stages = rollout.plan
    .map(
      (stage) =>
        `${stage.approval ? 'approval, ' : ''}${stage.percent} %${stage.minutes ? ` for ${stage.minutes} min` : ''}`,
    )
    .join(', then ');
  const at = `Stage ${(rollout.stage ?? 0) + 1} of ${rollout.plan.length}`;
  return `${at} of the plan: ${stages}.${rollout.awaitingApproval ? ' The next stage waits for your approval.' : ''}`;
}

function HealthRow({ label, health }: { label: string; health: VersionHealth }) {
  return (
    <tr>
      <th scope="row">
        {label} {health.version}
      </th>
      <td>{health.sessions}</td>
      <td>{health.failing}</td>
      <td>{percentText(health.failureRate)}</td>
    </tr>
  );
}

type Asking =
  | { kind: 'percent'; remote: string; rollout: DeskRollout }
  | { kind: 'approve' | 'complete' | 'abort'; remote: string; rollout: DeskRollout };

function RolloutPanel({ remote, onAsk }: { remote: DeskRemote; onAsk: (asking: Asking) => void }) {
  const rollout = remote.rollout;
  const headingId = useId();
  if (!rollout) return null;
  const name = remote.remote;
  return (
    <article className="shell-rollout" aria-labelledby={headingId} data-remote={name}>
      <h3 id={headingId}>
        {name}: {rollout.version} rolling out
      </h3>
      <p className="shell-rollout__split" data-testid={`split-${name}`}>
        <span className="shell-rollout__share shell-rollout__share--live">
          {remote.current} (live) {100 - rollout.percent} %
        </span>{' '}
        <span className="shell-rollout__share shell-rollout__share--canary">
          {rollout.version} (canary) {rollout.percent} %
        </span>
      </p>
      <div
        className="shell-rollout__bar"
        role="img"
        aria-label={`${rollout.percent} % of visitors get ${rollout.version}, ${100 - rollout.percent} % get ${remote.current}`}
      >
        <span style={{ width: `${rollout.percent}%` }} />
      </div>
      <p>{planText(rollout)}</p>
      <table className="shell-releases__table" data-testid={`health-${name}`}>
        <caption className="shell-rollout__caption">Sessions served and failing, per version</caption>
        <ColumnHeads columns={['Version', 'Sessions', 'Failing sessions', 'Failure rate']} />
        <tbody>
          <HealthRow label="Canary" health={rollout.canary} />
          <HealthRow label="Live" health={rollout.current} />
        </tbody>
      </table>
      <div className="shell-rollout__actions">
        <button
          type="button"
          className="ms-button ms-button--ghost"
          onClick={() => onAsk({ kind: 'percent', remote: name, rollout })}
        >
          Change share
        </button>
        {rollout.awaitingApproval && (
          <button
            type="button"
            className="ms-button"
            onClick={() => onAsk({ kind: 'approve', remote: name, rollout })}
          >
            Approve next stage
          </button>
        )}
        <button
          type="button"
          className="ms-button"
          onClick={() => onAsk({ kind: 'complete', remote: name, rollout })}
        >
          Complete
        </button>
        <button
          type="button"
          className="ms-button ms-button--danger"
          onClick={() => onAsk({ kind: 'abort', remote: name, rollout })}
        >
          Abort
        </button>
      </div>
    </article>
  );
}

/** A labelled text or number field of a dialog's form; `hidden` while another way is chosen (its text kept). */
function Field({
  label,
  hint,
  hidden = false,
  children,
}: {
  label: string;
  hint?: string;
  hidden?: boolean;
  children: (ids: { id: string; hintId?: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="shell-rollout__field" hidden={hidden}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(hint ? { hintId } : {}) })}
      {hint && (
        <span id={hintId} className="shell-rollout__hint">
          {hint}
        </span>
      )}
    </div>
  );
}

// The dialogs' fields keep their values in the page and are read when the dialog is submitted.

/** The share of visitors a rollout goes to, 1-100 (the field `percent`); not sent while another way is chosen. */
function ShareField({ initial, off = false }: { initial: string; off?: boolean }) {
  return (
    <Field label="Share of visitors (%)" hidden={off}>
      {({ id }) => (
        <input
          id={id}
          name="percent"
          type="number"
          min={1}
          max={100}
          step={1}
          required
          disabled={off}
          defaultValue={initial}
        />
      )}
    </Field>
  );
}

/** Why a release manager acts, for the action log (the field `why`). */
function WhyField({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  return (
    <Field label="Why (optional, for the action log)">
      {({ id }) => <input id={id} ref={inputRef} name="why" type="text" maxLength={500} defaultValue="" />}
    </Field>
  );
}

/**
 * One desk action of a dialog: the API's answer as a toast and the dialog closed, or its refusal shown inside the
 * dialog (it stays open to try again).
 */
function useDeskAction(onClose: () => void, failure: string) {
  const [problem, setProblem] = useState('');
  const run = async (call: () => Promise<{ message?: string }>, success: string) => {
    setProblem('');
    try {
      const result = await call();
      notify.success(result.message ?? success);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, failure));
    }
  };
  return { problem, run };
}

/** A dialog with a form: Cancel first (the focus starts there), the problem the API answered shown inside. */
function FormDialog({
  title,
  text,
  submitLabel,
  busy,
  problem,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  text: string;
  submitLabel: string;
  busy: boolean;
  problem: string;
  /** The form's fields as it would send them. */
  onSubmit: (data: FormData) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <Dialog onClose={onCancel} busy={busy} initialFocus={cancel} className="shell-confirm">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{text}</DialogDescription>
      <form onSubmit={submit} className="shell-rollout__form">
        {children}
        {problem && (
          <p role="alert" className="shell-releases__error">
            {problem}
          </p>
        )}
        <div className="shell-confirm__actions">
          <button ref={cancel} type="button" className="ms-button ms-button--ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="ms-button" disabled={busy}>
            {busy ? 'Working…' : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export const PLAN_HINT =
  "Stages PERCENT:MINUTES, 'approve' before a stage that waits for a release manager, ending with 100. For example 10:10,50:10,approve,100.";

/** Start a rollout of a published version that is not live: a share of visitors, or a plan of stages. */
export function StartRolloutDialog({
  remote,
  version,
  current,
  onClose,
}: {
  remote: string;
  version: string;
  current: string;
  onClose: () => void;
}) {
  const [start, starting] = useStartRolloutMutation();
  // Which way's field shows; the radios themselves keep the choice, and only the shown field is sent.
  const [how, setHow] = useState<'percent' | 'plan'>('percent');
  const { problem, run } = useDeskAction(onClose, 'The rollout could not be started.');
  const legendId = useId();
  const submit = (data: FormData) => {
    const why = sent(data, 'why');
    return run(
      () =>
        start({
          remote,
          version,
          ...(data.get('how') === 'plan'
            ? { plan: sent(data, 'plan') }
            : { percent: Number(data.get('percent')) }),
          ...(why ? { why } : {}),
        }).unwrap(),
      `Rolling out ${remote} ${version}.`,
    );
  };
  return (
    <FormDialog
      title={`Roll out ${remote} ${version}?`}
      text={`A share of visitors gets ${version}; the others keep ${current}. Each visitor keeps their version on every page. A canary that fails too often is rolled back by itself.`}
      submitLabel="Start rollout"
      busy={starting.isLoading}
      problem={problem}
      onSubmit={(data) => void submit(data)}
      onCancel={onClose}
    >
      <fieldset className="shell-rollout__how" aria-labelledby={legendId}>
        <legend id={legendId}>How</legend>
        <label>
          <input type="radio" name="how" value="percent" defaultChecked onChange={() => setHow('percent')} />{' '}
          A share of visitors
        </label>
        <label>
          <input type="radio" name="how" value="plan" onChange={() => setHow('plan')} /> A plan of stages
        </label>
      </fieldset>
      <ShareField initial="10" off={how !== 'percent'} />
      <Field label="Plan" hint={PLAN_HINT} hidden={how !== 'plan'}>
        {({ id, hintId }) => (
          <input
            id={id}
            name="plan"
            type="text"
            required
            disabled={how !== 'plan'}
            defaultValue="10:10,50:10,approve,100"
            aria-describedby={hintId}
          />
        )}
      </Field>
      <WhyField />
    </FormDialog>
  );
}

function PercentDialog({
  remote,
  rollout,
  onClose,
}: {
  remote: string;
  rollout: DeskRollout;
  onClose: () => void;
}) {
  const [setShare, setting] = useSetRolloutPercentMutation();
  const { problem, run } = useDeskAction(onClose, 'The share could not be changed.');
  const submit = (data: FormData) => {
    const percent = Number(data.get('percent'));
    return run(() => setShare({ remote, percent }).unwrap(), `${remote} ${rollout.version}: ${percent} %.`);
  };
  return (
    <FormDialog
      title={`Change the share of ${remote} ${rollout.version}?`}
      text={`It goes to ${rollout.percent} % of visitors now.${rollout.plan ? ' Its plan is dropped: the share stays until you change it.' : ''}`}
      submitLabel="Set share"
      busy={setting.isLoading}
      problem={problem}
      onSubmit={(data) => void submit(data)}
      onCancel={onClose}
    >
      <ShareField initial={String(Math.min(100, rollout.percent * 2))} />
    </FormDialog>
  );
}

const CONFIRM = {
  approve: (remote: string, rollout: DeskRollout) => {
    const next = rollout.plan?.[(rollout.stage ?? 0) + 1];
    return {
      title: `Approve the next stage of ${remote} ${rollout.version}?`,
      text: `${next?.percent ?? 100} % of visitors get ${rollout.version} from now.`,
      label: 'Approve',
    };
  },
  complete: (remote: string, rollout: DeskRollout) => ({
    title: `Complete the rollout of ${remote} ${rollout.version}?`,
    text: `${rollout.version} becomes live for everyone.`,
    label: `Make ${rollout.version} live`,
  }),
  abort: (remote: string, rollout: DeskRollout) => ({
    title: `Abort the rollout of ${remote} ${rollout.version}?`,
    text: `Everyone gets the live version again, and ${rollout.version} is marked rolled back.`,
    label: 'Abort rollout',
  }),
} as const;

function ActionDialog({
  asking,
  onClose,
}: {
  asking: Extract<Asking, { kind: 'approve' | 'complete' | 'abort' }>;
  onClose: () => void;
}) {
  const [act, acting] = useRolloutActionMutation();
  const whyField = useRef<HTMLInputElement>(null);
  const { problem, run } = useDeskAction(onClose, 'The rollout could not be changed.');
  const words = CONFIRM[asking.kind](asking.remote, asking.rollout);
  const confirm = () => {
    const why = whyField.current?.value.trim() ?? '';
    return run(
      () => act({ action: asking.kind, remote: asking.remote, ...(why ? { why } : {}) }).unwrap(),
      words.title,
    );
  };
  return (
    <ConfirmDialog
      title={words.title}
      text={words.text}
      confirmLabel={words.label}
      busy={acting.isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <WhyField inputRef={whyField} />
      {problem && (
        <p role="alert" className="shell-releases__error">
          {problem}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** Every running rollout, with the thresholds of the automatic rollback. */
export function RolloutsSection({ remotes, policy }: { remotes: DeskRemote[]; policy: RolloutPolicy }) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const running = remotes.filter((remote) => remote.rollout);
  return (
    <>
      <p className="shell-releases__intro">
        A canary is rolled back by itself when at least {policy.minFailures} of its sessions and at least{' '}
        {percentText(policy.failureRate)} of them failed within {policy.windowMinutes} minutes (a server
        render error, or a browser report carrying the page&rsquo;s token). At 100 % only server render errors
        count.
      </p>
      {running.length === 0 ? (
        <p>No rollout is running. Start one from a published version below.</p>
      ) : (
        running.map((remote) => <RolloutPanel key={remote.remote} remote={remote} onAsk={setAsking} />)
      )}
      {asking?.kind === 'percent' && (
        <PercentDialog remote={asking.remote} rollout={asking.rollout} onClose={() => setAsking(null)} />
      )}
      {asking && asking.kind !== 'percent' && (
        <ActionDialog asking={asking} onClose={() => setAsking(null)} />
      )}
    </>
  );
}
