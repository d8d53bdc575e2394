// `release preview <remote> <version>`: the link alone on standard output (a script can take it), the note on it
// on standard error.
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';
import type { CommandOf } from '../parsed-command.js';

export async function preview(
  command: CommandOf<'preview'>,
  backend: ReleaseBackend,
  io: Output,
): Promise<number> {
  const { link, note } = await backend.preview(command.remote, command.version, command.ttlSeconds);
  io.out(link);
  io.err(note);
  return EXIT.ok;
}
