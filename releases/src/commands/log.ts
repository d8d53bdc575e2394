// `release log [--json] [--limit N]`: the action log, newest first.
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';
import { actionsTable } from '../cli-print.js';
import type { CommandOf } from '../parsed-command.js';

export async function log(command: CommandOf<'log'>, backend: ReleaseBackend, io: Output): Promise<number> {
  const actions = await backend.log(command.limit);
  if (command.json) io.out(JSON.stringify(actions, null, 2));
  else io.out(actions.length ? actionsTable(actions) : 'No actions yet.');
  return EXIT.ok;
}
