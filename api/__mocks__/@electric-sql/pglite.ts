// Jest only: PGlite's CommonJS build loads node:fs and friends with dynamic import(), which jest's module
// sandbox refuses without --experimental-vm-modules. Loading it with Node's own require (from outside the
// sandbox) lets the tests run the real embedded PostgreSQL unchanged.
import type { createRequire } from 'node:module';
import vm from 'node:vm';

interface OuterProcess {
  getBuiltinModule(name: 'node:module'): { createRequire: typeof createRequire };
}

const outerProcess = vm.runInThisContext('process') as OuterProcess;
module.exports = outerProcess.getBuiltinModule('node:module').createRequire(__filename)(
  '@electric-sql/pglite',
);
