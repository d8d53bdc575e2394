// `release rollback <remote> [--to X]`: the previous good version (or X) goes live; only the pointer moves.
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';
import type { CommandOf } from '../parsed-command.js';

export async function rollback(
  command: CommandOf<'rollback'>,
  backend: ReleaseBackend,
  io: Output,
): Promise<number> {
  io.out(await backend.rollback(command));
  return EXIT.ok;
}
