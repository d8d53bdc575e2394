// The desk's deploy tokens: each token with its rights and its last use, a form that makes one and shows
// its secret once, and Revoke after a confirmation. The API takes these calls from a release manager's session only.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog, DialogDescription, DialogTitle, errorMessage } from '@metrology/shared';
import { ConfirmDialog } from '../back-office/confirm-dialog';
import { REMOTES } from '../routes/route-table';
import { ReleaseTable, Time, sent } from './desk-parts';
import {
  useCreateDeployTokenMutation,
  useDeployTokensQuery,
  useRevokeDeployTokenMutation,
  type DeployAction,
  type DeployToken,
} from './releases-api';

/** What each action lets a team's CI do (a Record: a new action in the contract must be named here). */
const ACTION_WORDS: Record<DeployAction, string> = {
  publish: 'publish',
  rollout: 'rollout (start, share, abort)',
  approve: 'approve (a gated stage, and 100 %)',
  rollback: 'rollback',
  preview: 'preview links',
  read: 'read (status and log)',
};
const ACTIONS = Object.keys(ACTION_WORDS) as DeployAction[];

export const SECRET_WARNING = 'Copy it now: it will not be shown again. The shop keeps only its hash.';
const DEFAULT_DAYS = '90';

/** Active, expired or revoked, as the API decides it on each call (a revoked or expired token gets 401). */
function TokenState({ token, now }: { token: DeployToken; now: number }) {
  if (token.revokedAt)
    return (
      <>
        Revoked <Time iso={token.revokedAt} />
      </>
    );
  if (new Date(token.expiresAt).getTime() <= now) return <>Expired</>;
  return <>Active</>;
}

function TokensTable({
  tokens,
  now,
  onRevoke,
}: {
  tokens: DeployToken[];
  /** The time the page counts as now, for which tokens have expired. */
  now: number;
  onRevoke: (token: DeployToken) => void;
}) {
  return (
    <ReleaseTable
      labelledBy="releases-tokens"
      testId="deploy-tokens"
      columns={['Name', 'Remotes', 'May', 'Created', 'Expires', 'Last used', 'State', 'Action']}
      rows={tokens}
      empty="No deploy tokens yet."
    >
      {(token) => (
        <tr key={token.id} data-token={token.id}>
          <th scope="row">
            {token.name}
            <span className="shell-releases__page">
              <code>{token.id}</code>
            </span>
          </th>
          <td>{token.remotes.join(', ')}</td>
          <td>{token.can.join(', ')}</td>
          <td>
            <Time iso={token.createdAt} />
            <span className="shell-releases__page">by {token.createdBy}</span>
          </td>
          <td>
            <Time iso={token.expiresAt} />
          </td>
          <td>
            {token.lastUsedAt ? (
              <>
                <Time iso={token.lastUsedAt} />
                <span className="shell-releases__page">
                  {[token.lastUsedFor, token.lastUsedFrom && `from ${token.lastUsedFrom}`]
                    .filter(Boolean)
                    .join(' ')}
                </span>
              </>
            ) : (
              'Never'
            )}
          </td>
          <td>
            <TokenState token={token} now={now} />
          </td>
          <td>
            {!token.revokedAt && (
              <button
                type="button"
                className="ms-button ms-button--ghost"
                aria-label={`Revoke ${token.name} (${token.id})`}
                onClick={() => onRevoke(token)}
              >
                Revoke
              </button>
            )}
          </td>
        </tr>
      )}
    </ReleaseTable>
  );
}

/** Checkboxes for a set of names, under a legend; ticked ones are sent (and read) as the field `name`. */
function Choices<T extends string>({
  legend,
  name,
  options,
  words,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  words?: Record<T, string>;
}) {
  const legendId = useId();
  return (
    <fieldset className="shell-tokens__choices" aria-labelledby={legendId}>
      <legend id={legendId}>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input type="checkbox" name={name} value={option} /> {words ? words[option] : option}
        </label>
      ))}
    </fieldset>
  );
}

/** The options ticked in a form's field, in the order the form lists them (whatever order they were ticked in). */
function ticked<T extends string>(data: FormData, name: string, options: readonly T[]): T[] {
  const values = data.getAll(name);
  return options.filter((option) => values.includes(option));
}

/** What is wrong with the form before it is sent, in the words the release manager needs; '' when nothing. */
export function tokenFormProblem(form: {
  name: string;
  remotes: string[];
  can: string[];
  days: string;
}): string {
  const days = Number(form.days);
  if (!form.name.trim()) return 'Give the token a name, such as "content CI".';
  if (form.remotes.length === 0) return 'Choose at least one remote the token may act on.';
  if (form.can.length === 0) return 'Choose at least one action the token may do.';
  if (!Number.isInteger(days) || days < 1 || days > 365) return 'The token expires after 1 to 365 days.';
  return '';
}

/** A new token: name, remotes, actions and expiry; the secret is handed to `onMade`, the only place it appears. */
function CreateTokenForm({
  onMade,
}: {
  onMade: (made: { name: string; secret: string; message: string }) => void;
}) {
  const [create, creating] = useCreateDeployTokenMutation();
  const [problem, setProblem] = useState('');
  const nameId = useId();
  const daysId = useId();
  const daysHintId = useId();
  const problemId = useId();

  // The fields keep their values in the page; the form is read as it would be sent.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating.isLoading) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = sent(data, 'token-name');
    const remotes = ticked(data, 'remotes', REMOTES);
    const can = ticked(data, 'can', ACTIONS);
    const days = sent(data, 'days');
    const wrong = tokenFormProblem({ name, remotes, can, days });
    setProblem(wrong);
    if (wrong) return;
    try {
      const made = await create({ name, remotes, can, expiresInDays: Number(days) }).unwrap();
      onMade({ name: made.token.name, secret: made.secret, message: made.message ?? '' });
      form.reset();
    } catch (error) {
      setProblem(errorMessage(error, 'The deploy token could not be made.'));
    }
  };

  return (
    <form
      className="shell-tokens__form"
      aria-labelledby="releases-new-token"
      aria-describedby={problem ? problemId : undefined}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="releases-new-token">New deploy token</h3>
      <div className="shell-rollout__field">
        <label htmlFor={nameId}>Name</label>
        <input id={nameId} type="text" name="token-name" maxLength={100} defaultValue="" />
      </div>
      <Choices legend="Remotes" name="remotes" options={REMOTES} />
      <Choices legend="Actions" name="can" options={ACTIONS} words={ACTION_WORDS} />
      <div className="shell-rollout__field">
        <label htmlFor={daysId}>Expires after (days)</label>
        <input
          id={daysId}
          type="number"
          min={1}
          max={365}
          step={1}
          name="days"
          defaultValue={DEFAULT_DAYS}
          aria-describedby={daysHintId}
        />
        <span id={daysHintId} className="shell-rollout__hint">
          1 to 365 days.
        </span>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="shell-releases__error">
          {problem}
        </p>
      )}
      {/* aria-disabled, not disabled: a disabled button drops the focus, and the secret's dialog gives it back here. */}
      <button type="submit" className="ms-button" aria-disabled={creating.isLoading}>
        {creating.isLoading ? 'Working…' : 'Create token'}
      </button>
    </form>
  );
}

/** The secret, once: a field to select it, Copy, and the warning that it will not be shown again. */
function SecretDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const copyButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  const fieldId = useId();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      // A browser that refuses the clipboard (no permission, not a secure page): the secret is selected instead.
      field.current?.select();
      setCopied('This browser did not allow copying: the secret is selected, press Ctrl+C (⌘C) to copy it.');
    }
  };
  return (
    <Dialog onClose={onClose} initialFocus={copyButton} className="shell-confirm">
      <DialogTitle>{`Deploy token ${name} is made`}</DialogTitle>
      <DialogDescription>{SECRET_WARNING}</DialogDescription>
      <div className="shell-rollout__field">
        <label htmlFor={fieldId}>Secret (RELEASE_TOKEN)</label>
        <input
          ref={field}
          id={fieldId}
          className="shell-tokens__secret"
          type="text"
          readOnly
          value={secret}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <p role="status" className="shell-tokens__copied">
        {copied}
      </p>
      <div className="shell-confirm__actions">
        <button ref={copyButton} type="button" className="ms-button" onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" className="ms-button ms-button--ghost" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

/** Every deploy token, the form that makes one, and the results of both in a live region. */
export function DeployTokensSection() {
  const tokens = useDeployTokensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [revoke, revoking] = useRevokeDeployTokenMutation();
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [asking, setAsking] = useState<DeployToken | null>(null);
  const [revokeProblem, setRevokeProblem] = useState('');
  const [result, setResult] = useState('');
  const [now] = useState(Date.now);
  // After a revoke its button is gone: the focus goes to the result instead of falling back to the page. Set
  // before the dialog closes; the effect runs after the dialog's own cleanup has given the focus back.
  const focusResult = useRef(false);
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!focusResult.current) return;
    focusResult.current = false;
    resultRef.current?.focus();
  });

  const confirmRevoke = async () => {
    if (!asking) return;
    setRevokeProblem('');
    try {
      const answer = await revoke({ id: asking.id }).unwrap();
      setResult(answer.message ?? `Deploy token ${asking.name} is revoked.`);
      focusResult.current = true;
      setAsking(null);
    } catch (error) {
      setRevokeProblem(errorMessage(error, 'The deploy token could not be revoked.'));
    }
  };

  return (
    <>
      <p className="shell-releases__intro">
        A section team&rsquo;s CI ships with a deploy token (<code>RELEASE_TOKEN</code>), limited to the
        remotes and actions chosen here, until it expires or is revoked. The same as{' '}
        <code>npm run release -- token create | list | revoke</code>.
      </p>
      {/* Always in the page, so that a screen reader announces each result as it arrives. */}
      <p ref={resultRef} role="status" className="shell-tokens__result" tabIndex={-1}>
        {result}
      </p>
      {tokens.isLoading ? (
        <p>Reading the deploy tokens…</p>
      ) : tokens.error ? (
        <p className="shell-releases__error">
          {`The deploy tokens could not be read: ${errorMessage(tokens.error, 'the API did not answer.')}`}
        </p>
      ) : (
        <TokensTable
          tokens={tokens.data ?? []}
          now={now}
          onRevoke={(token) => {
            setRevokeProblem('');
            setAsking(token);
          }}
        />
      )}
      <CreateTokenForm
        onMade={({ name, secret, message }) => {
          setResult(message || `Deploy token ${name} is made.`);
          setMade({ name, secret });
        }}
      />
      {made && <SecretDialog name={made.name} secret={made.secret} onClose={() => setMade(null)} />}
      {asking && (
        <ConfirmDialog
          title={`Revoke ${asking.name}?`}
          text={`Every call with deploy token ${asking.name} (${asking.id}) is refused from now on (401), whoever holds it. This cannot be undone: make a new token if the team still needs one.`}
          confirmLabel="Revoke token"
          busy={revoking.isLoading}
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setAsking(null)}
        >
          {revokeProblem && (
            <p role="alert" className="shell-releases__error">
              {revokeProblem}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
