// `release status [--json]`: every remote's live version, history and rollout; a damaged registry.json is
// reported (exit code 1) with what the site serves instead.
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';
import { statusTable } from '../cli-print.js';
import type { CommandOf } from '../parsed-command.js';

export async function status(
  command: CommandOf<'status'>,
  backend: ReleaseBackend,
  io: Output,
): Promise<number> {
  const reading = await backend.status();
  io.out(command.json ? JSON.stringify(reading.json, null, 2) : statusTable(reading.registry, reading.rows));
  if (!reading.damage) return EXIT.ok;
  io.err(`release: DAMAGED: ${reading.damage.detail}`);
  io.err(`release: ${reading.damage.advice}`);
  return EXIT.refused;
}
