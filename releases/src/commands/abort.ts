// `release abort <remote>`: the running rollout stops; everyone gets the live version, the canary is rolled back.
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';
import type { CommandOf } from '../parsed-command.js';

export async function abort(
  command: CommandOf<'complete' | 'abort'>,
  backend: ReleaseBackend,
  io: Output,
): Promise<number> {
  io.out(await backend.abortRollout(command));
  return EXIT.ok;
}
