// The direction of imports (docs/development.md "Boundaries"): the project's own ESLint config, run on probe
// files, must refuse an import from one remote into another at any depth, from the shell into a remote, and
// from @metrology/shared into a section, and must let the allowed imports through.
import { ruleMessages } from './lint-probes';

interface Probe {
  /** A file the import stands in (it need not exist: ESLint lints the text as if it were there). */
  file: string;
  from: string;
}

/** The messages of the no-restricted-imports rule for each probe: a file that imports `from` and uses it. */
function restrictedImportMessages(probes: Probe[]): string[][] {
  return ruleMessages(
    'no-restricted-imports',
    probes.map(({ file, from }) => ({
      file,
      text: `import { thing } from '${from}';\nexport const probe = thing;\n`,
    })),
  );
}

const refused: Probe[] = [
  // remote -> remote: by package name, a deep path, a relative climb and through node_modules
  { file: 'mfe-catalog/src/products/probe.ts', from: 'mfe-commerce' },
  { file: 'mfe-catalog/src/products/probe.ts', from: 'mfe-content/src/home/home-page' },
  { file: 'mfe-careers/src/openings/probe.ts', from: '../../../mfe-content/src/news/get-news' },
  { file: 'mfe-commerce/src/cart/probe.ts', from: '../../node_modules/mfe-catalog/src/index' },
  // remote -> shell or api
  { file: 'mfe-content/src/probe.ts', from: '@metrology/shell' },
  { file: 'mfe-content/src/probe.ts', from: '../../shell/src/header/header' },
  { file: 'mfe-commerce/src/probe.ts', from: '@metrology/api/src/features/orders/order-service' },
  // shell -> a remote's code
  { file: 'shell/src/app/probe.ts', from: 'mfe-catalog/src/products/products-page' },
  { file: 'shell/src/app/probe.ts', from: '../../../mfe-careers/src/index' },
  // shared -> any section
  { file: 'shared/src/ui/probe.ts', from: 'mfe-catalog' },
  { file: 'shared/src/ui/probe.ts', from: '@metrology/shell' },
];

const allowed: Probe[] = [
  { file: 'mfe-catalog/src/products/probe.ts', from: '@metrology/shared' },
  { file: 'mfe-catalog/src/products/probe.ts', from: '../ui/catalog-skeletons' },
  { file: 'shell/src/app/probe.ts', from: '@metrology/shared/release' },
  { file: 'shared/src/ui/probe.ts', from: '../rules/index' },
];

describe('import boundaries (tools/eslint.config.mjs)', () => {
  it('refuses every import across a section boundary and lets the allowed ones through', () => {
    const messages = restrictedImportMessages([...refused, ...allowed]);
    const refusedMessages = messages.slice(0, refused.length);
    refused.forEach((probe, index) => {
      expect({ ...probe, refused: (refusedMessages[index] ?? []).length > 0 }).toEqual({
        ...probe,
        refused: true,
      });
    });
    expect(messages.slice(refused.length)).toEqual(allowed.map(() => []));
    // Each side of the boundary says why in its own words.
    expect(refusedMessages[0]?.[0]).toMatch(/A remote imports only @metrology\/shared/);
    expect(refusedMessages[7]?.[0]).toMatch(/The shell loads remotes at run time through federation/);
    expect(refusedMessages[9]?.[0]).toMatch(/@metrology\/shared is the bottom layer/);
  }, 60_000);
});
