// `node node-build-probe.ts <server/remoteEntry.js> <page module>...` (a remote's) or `--shell <server/render.js>`
// (the shell's): run by loadNodeBuild (node-build.ts) in a child process. Loads the container as the site's renderer does (shell/src/server/section-containers.ts) and
// gets each page; exit 0 and PROBE_LOADED when all load, else exit 1 and PROBE_FAILED with the reason.
import { createRequire } from 'node:module';
import { PROBE_FAILED, PROBE_LOADED } from './node-build.js';

export type FederationContainer = {
  init(shareScope: unknown): unknown;
  get(module: string): Promise<() => unknown>;
};

function fail(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${PROBE_FAILED} ${message.split('\n')[0]}\n`);
  process.exit(1);
}

// A chunk that throws after the await that loaded it would otherwise end the process with a stack, not a reason.
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

const shellMode = process.argv[2] === '--shell';
const [entryFile, ...pages] = process.argv.slice(shellMode ? 3 : 2);
if (!entryFile)
  fail(
    new Error('usage: node-build-probe.ts <remoteEntry.js> <page module>... | --shell <server/render.js>'),
  );

// The shell's Node build: the page render the site server calls (renderPage), loaded as the renderer loads it.
if (shellMode) {
  let render: { renderPage?: unknown } | null = null;
  try {
    render = createRequire(import.meta.url)(entryFile as string);
  } catch (error) {
    fail(new Error(`it throws when loaded: ${error instanceof Error ? error.message : String(error)}`));
  }
  if (typeof render?.renderPage !== 'function') fail(new Error('it exports no renderPage function'));
  process.stdout.write(`${PROBE_LOADED} the shell's render\n`);
  process.exit(0);
}

let loaded: unknown;
try {
  loaded = createRequire(import.meta.url)(entryFile as string);
} catch (error) {
  fail(new Error(`it throws when loaded: ${error instanceof Error ? error.message : String(error)}`));
}
const container = loaded as Partial<FederationContainer> | null;
if (!container || typeof container.init !== 'function' || typeof container.get !== 'function') {
  fail(new Error('it is not a federation container (no init and get)'));
}
const { init, get } = container as FederationContainer;
try {
  // An empty share scope: the container provides its own shared singletons, as it would to a host lacking them.
  await init.call(container, {});
} catch (error) {
  fail(new Error(`its init failed: ${error instanceof Error ? error.message : String(error)}`));
}
for (const page of pages) {
  try {
    const factory = await get.call(container, page);
    const exported = factory() as { default?: unknown } | null;
    if (typeof exported?.default !== 'function') throw new Error('it exports no component (default)');
  } catch (error) {
    fail(new Error(`page ${page} did not load: ${error instanceof Error ? error.message : String(error)}`));
  }
}
process.stdout.write(`${PROBE_LOADED} ${pages.length} page(s)\n`);
