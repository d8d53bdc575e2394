// @ts-check
// Part of `npm run lint`: fails when modules of a package import each other in a circle.
import path from 'node:path';
import { REMOTE_NAMES, SHELL } from '@metrology/shared/release';
import { ROOT } from '../src/paths.mjs';
import { findImportCycles } from '../src/import-cycles.mjs';

const packages = ['shared', 'server-kit', SHELL.dir, ...REMOTE_NAMES, 'api', 'releases', 'site'];
const roots = [...packages.map((name) => path.join(ROOT, name, 'src')), path.join(ROOT, 'tools/src')];
const cycles = await findImportCycles(roots);
if (cycles.length > 0) {
  console.error(
    `Import cycles (${cycles.length}); break each by moving what both sides need into a module of its own:`,
  );
  for (const cycle of cycles)
    console.error(`- ${cycle.map((file) => path.relative(ROOT, file)).join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import cycles in ${roots.length} source folders.`);
