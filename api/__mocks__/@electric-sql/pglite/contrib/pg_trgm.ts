// Jest only: PGlite's pg_trgm extension, loaded with Node's own require like the PGlite mock beside it.
import type { createRequire } from 'node:module';
import vm from 'node:vm';

interface OuterProcess {
  getBuiltinModule(name: 'node:module'): { createRequire: typeof createRequire };
}

const outerProcess = vm.runInThisContext('process') as OuterProcess;
module.exports = outerProcess.getBuiltinModule('node:module').createRequire(__filename)(
  '@electric-sql/pglite/contrib/pg_trgm',
);
