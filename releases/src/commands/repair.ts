// `release repair`: a damaged registry.json made good again (from its last good copy, else the version folders).
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';

export async function repair(backend: ReleaseBackend, io: Output): Promise<number> {
  io.out(await backend.repair());
  return EXIT.ok;
}
