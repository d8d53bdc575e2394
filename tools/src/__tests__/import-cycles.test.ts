import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findImportCycles } from '../import-cycles.mjs';

let root: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cycles-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

async function write(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), text);
  }
}

describe('findImportCycles', () => {
  it('finds a cycle through .js-suffixed, index and dynamic imports', async () => {
    await write({
      'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'b.tsx': "export { c as b } from './lib';\n",
      'lib/index.ts': "export const c = () => import('../a');\n",
      'other.ts': "import { a } from './a';\nexport const o = a;\n",
    });
    const cycles = await findImportCycles([root]);
    expect(cycles).toEqual([
      [path.join(root, 'a.ts'), path.join(root, 'b.tsx'), path.join(root, 'lib/index.ts')],
    ]);
  });

  it('counts type-only imports too: a cycle of types is a cycle', async () => {
    await write({
      'a.ts': "import type { B } from './b';\nexport type A = B | string;\n",
      'b.ts': "import { type A } from './a';\nexport type B = A[];\n",
    });
    expect(await findImportCycles([root])).toEqual([[path.join(root, 'a.ts'), path.join(root, 'b.ts')]]);
  });

  it('does not count package imports, tests or JSDoc types', async () => {
    await write({
      'a.ts': "import React from 'react';\nexport type A = typeof React;\n",
      '__tests__/a.test.ts': "import { x } from '../c';\n",
      'c.ts': "import '../__tests__/a.test';\nexport const x = 1;\n",
      'd.mjs': "/** @param {import('./e.mjs').E} e */\nexport const d = (e) => e;\n",
      'e.mjs': "// import('./d.mjs') is only named here\nimport { d } from './d.mjs';\nexport const e = d;\n",
    });
    // d names e only in a JSDoc type and a comment.
    expect(await findImportCycles([root])).toEqual([]);
  });
});
