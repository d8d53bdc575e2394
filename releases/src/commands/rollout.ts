// `release rollout <remote> ...`: start a rollout of a version (a share or a plan), change the running one's share,
// or approve its plan's waiting stage.
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';
import type { CommandOf } from '../parsed-command.js';

export async function rollout(
  command: CommandOf<'rollout'>,
  backend: ReleaseBackend,
  io: Output,
): Promise<number> {
  const { remote, why } = command;
  const action = { remote, ...(why === undefined ? {} : { why }) };
  let said;
  if ('approve' in command) said = await backend.approveRolloutStage(action);
  else if (!('version' in command))
    said = await backend.setRolloutPercent({ ...action, percent: command.percent });
  else
    said = await backend.startRollout({
      ...action,
      version: command.version,
      ...('plan' in command ? { plan: command.plan } : { percent: command.percent }),
    });
  io.out(said);
  return EXIT.ok;
}
