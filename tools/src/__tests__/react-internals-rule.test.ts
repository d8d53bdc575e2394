// No code outside React reads React's private fields on DOM nodes (__reactFiber$…, __reactProps$…, _valueTracker):
// the project's own ESLint config, run on probe texts, must refuse each way of reaching one, and let ordinary code
// through, in every file: the early-input script and the replayer ask the page (HydrationBoundary's boxes) whether an
// element has hydrated, not React's fibers.
import { ruleMessages, type LintProbe as Probe } from './lint-probes';

/** The messages of the no-restricted-syntax rule for each probe. */
const restrictedSyntaxMessages = (probes: Probe[]) => ruleMessages('no-restricted-syntax', probes);

const refused: Probe[] = [
  {
    file: 'shell/src/early-input/probe.ts',
    text: "export const key = (el: Element) => Object.keys(el).find((k) => k.startsWith('__reactFiber'));\n",
  },
  {
    file: 'mfe-catalog/src/product/probe.tsx',
    text: 'export const props = (el: Element, id: string) => (el as never)[`__reactProps$${id}`];\n',
  },
  {
    file: 'shared/src/ui/probe.ts',
    text: 'export const fiber = (el: { __reactFiber$abc?: unknown }) => el.__reactFiber$abc;\n',
  },
  {
    file: 'server-kit/src/probe.ts',
    text: 'export const pick = ({ __reactProps$abc: props }: { __reactProps$abc: unknown }) => props;\n',
  },
  {
    file: 'e2e/tests/probe.ts',
    text: "export const name = '__reactContainer$x';\n",
  },
  {
    file: 'shared/src/ui/probe.ts',
    text: 'export const tracked = (field: HTMLInputElement) => Object(field)._valueTracker;\n',
  },
  // The files that ask whether an element has hydrated: no React field either, not even the fiber's key.
  {
    file: 'shell/src/early-input/replay.ts',
    text: "export const key = (el: Element) => Object.keys(el).find((k) => k.startsWith('__reactFiber'));\n",
  },
  {
    file: 'server-kit/src/early-input.ts',
    text: "export const key = (el: Element) => Object.keys(el).find((k) => k.startsWith('__reactFiber'));\n",
  },
  {
    file: 'shell/src/early-input/replay.ts',
    text: "export const key = (el: Element) => Object.keys(el).find((k) => k.startsWith('__reactProps'));\n",
  },
  {
    file: 'server-kit/src/early-input.ts',
    text: 'export const props = (el: Element, id: string) => (el as never)[`__reactFiber$${id}`];\n',
  },
  {
    file: 'server-kit/src/early-input.ts',
    text: "export const tracker = (el: Element) => (el as never)['_valueTracker'];\n",
  },
  {
    file: 'shell/src/early-input/replay.ts',
    text: 'export const fiber = (el: { __reactFiber$abc?: unknown }) => el.__reactFiber$abc;\n',
  },
];

const allowed: Probe[] = [
  { file: 'shell/src/early-input/probe.ts', text: "export const name = 'react-dom';\n" },
  // Whether an element has hydrated, as the page records it.
  {
    file: 'shell/src/early-input/replay.ts',
    text: "export const owned = (el: Element) => el.closest('[data-hydration]')?.hasAttribute('data-live');\n",
  },
  {
    file: 'shared/src/ui/probe.ts',
    text: 'export const read = (form: HTMLFormElement) => new FormData(form);\n',
  },
];

describe('React private fields rule', () => {
  it('refuses a __react… field by string, template, member name or destructured key, anywhere', () => {
    const messages = restrictedSyntaxMessages(refused);
    refused.forEach((probe, i) => {
      expect({ probe: probe.text, messages: messages[i]?.length }).toEqual({
        probe: probe.text,
        messages: 1,
      });
      expect(messages[i]?.[0]).toMatch(/React's private fields/);
    });
  });

  it('lets ordinary code through', () => {
    expect(restrictedSyntaxMessages(allowed)).toEqual(allowed.map(() => []));
  });
});
