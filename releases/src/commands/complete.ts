// `release complete <remote>`: the running rollout's version goes live for everyone.
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';
import type { CommandOf } from '../parsed-command.js';

export async function complete(
  command: CommandOf<'complete' | 'abort'>,
  backend: ReleaseBackend,
  io: Output,
): Promise<number> {
  io.out(await backend.completeRollout(command));
  return EXIT.ok;
}
