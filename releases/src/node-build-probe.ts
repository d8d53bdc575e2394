// `node probe.mjs <server/remoteEntry.js> <page module>...` (a remote's) or `--shell <server/render.js>` (the
// shell's), run by checkNodeBuild (node-build.ts) inside the sandbox (sandbox.ts). It loads the container as the
// site's renderer does (shell/src/server/section-containers.ts) and gets each page.
//
// It is copied alone into the sandbox, so it imports nothing but Node's own modules. Its verdict goes to file
// descriptor 3 as one JSON line ({ ok, pages } or { ok: false, reason }); the build's own output on stdout and
// stderr is never read by the checker.
import { createRequire } from 'node:module';
import { writeSync } from 'node:fs';

export type FederationContainer = {
  init(shareScope: unknown): unknown;
  get(module: string): Promise<() => unknown>;
};

/** The verdict's file descriptor: a pipe only the checker reads. */
const REPORT_FD = 3;
/** A reason is one line of at most this many characters. */
const REASON_CHARS = 300;

function report(verdict: { ok: true; pages: number } | { ok: false; reason: string }): never {
  try {
    writeSync(REPORT_FD, `${JSON.stringify(verdict)}\n`);
  } catch {
    // The checker is gone: nothing to tell.
  }
  process.exit(verdict.ok ? 0 : 1);
}

function messageOf(error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n')[0] ?? '';
  return line.length > REASON_CHARS ? `${line.slice(0, REASON_CHARS - 1)}…` : line;
}

function fail(error: unknown): never {
  return report({ ok: false, reason: messageOf(error) });
}

// A chunk that throws after the await that loaded it would otherwise end the process with a stack, not a reason.
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

const shellMode = process.argv[2] === '--shell';
const [entryFile, ...pages] = process.argv.slice(shellMode ? 3 : 2);
if (!entryFile) fail(new Error('usage: probe.mjs <remoteEntry.js> <page module>... | --shell <render.js>'));

function load(): unknown {
  try {
    return createRequire(import.meta.url)(entryFile as string);
  } catch (error) {
    return fail(new Error(`it throws when loaded: ${messageOf(error)}`));
  }
}

if (shellMode) {
  // The shell's Node build: the page render the site server calls (renderPage).
  const render = load() as { renderPage?: unknown } | null;
  if (typeof render?.renderPage !== 'function') fail(new Error('it exports no renderPage function'));
  report({ ok: true, pages: 0 });
}

const container = load() as Partial<FederationContainer> | null;
if (!container || typeof container.init !== 'function' || typeof container.get !== 'function')
  fail(new Error('it is not a federation container (no init and get)'));
const { init, get } = container as FederationContainer;
try {
  // An empty share scope: the container provides its own shared singletons, as it would to a host lacking them.
  await init.call(container, {});
} catch (error) {
  fail(new Error(`its init failed: ${messageOf(error)}`));
}
for (const page of pages) {
  try {
    const factory = await get.call(container, page);
    const exported = factory() as { default?: unknown } | null;
    if (typeof exported?.default !== 'function') throw new Error('it exports no component (default)');
  } catch (error) {
    fail(new Error(`page ${page} did not load: ${messageOf(error)}`));
  }
}
report({ ok: true, pages: pages.length });
