// @ts-check
// The release CLI over the network (issue 33): with --to URL or RELEASE_URL, each command is a call to the shop's
// API with the deploy token in RELEASE_TOKEN (Authorization: Bearer), within the token's rights. `publish` builds
// here as the local publish does, packs both builds (release-pack.mjs) and uploads the pack; the API checks it
// and publishes. `token` commands are a release manager's, signed in with RELEASE_EMAIL and RELEASE_PASSWORD.
import path from 'node:path';
import { readBuildFiles, writePack, PACK_CONTENT_TYPE } from './release-pack.mjs';
import { formatBytes } from './node-build.mjs';
import {
  SHELL_RELEASE,
  assertBuildOf,
  formatRolloutPlan,
  isValidVersion,
  ReleaseError,
} from './registry.mjs';

/**
 * @typedef {object} RemoteDeps
 * @property {string} url the shop's URL (its /config.json names the API) or the API's own
 * @property {string} [token] RELEASE_TOKEN: a deploy token
 * @property {{ email: string; password: string }} [login] a release manager's, for the token commands
 * @property {typeof fetch} [fetch]
 * @property {(line: string) => void} out
 * @property {(line: string) => void} err
 * @property {(remote: string) => Promise<{ distDir: string; cleanup: () => Promise<unknown> }>} build
 * @property {(remote: string) => Promise<string>} packageVersion
 * @property {() => string} commit
 * @property {string} [cwd]
 */

/** @typedef {{ success?: boolean; message?: string } & Record<string, unknown>} ApiAnswer */

/**
 * Where the API is: a shop URL answers /config.json with apiBaseUrl; anything else is taken as the API itself.
 * @param {string} url @param {typeof fetch} fetchImpl
 * @returns {Promise<{ api: string; site: string | undefined }>}
 */
export async function locateApi(url, fetchImpl) {
  const base = url.replace(/\/+$/, '');
  try {
    const res = await fetchImpl(`${base}/config.json`, { signal: AbortSignal.timeout(10_000) });
    if (res.ok) {
      const config = /** @type {{ apiBaseUrl?: unknown }} */ (await res.json());
      if (typeof config.apiBaseUrl === 'string' && config.apiBaseUrl)
        return { api: new URL(config.apiBaseUrl, `${base}/`).href.replace(/\/+$/, ''), site: base };
    }
  } catch {
    // Not a shop's site server: the URL is the API's.
  }
  return { api: base, site: undefined };
}

/** @param {RemoteDeps} deps */
function client(deps) {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  /** @type {Promise<{ api: string; site: string | undefined }> | undefined} */
  let located;
  /** @type {string | undefined} */
  let session;
  /**
   * @param {string} method @param {string} route
   * @param {{ json?: unknown; body?: Buffer; contentType?: string; manager?: boolean }} [options]
   * @returns {Promise<ApiAnswer>}
   */
  const call = async (method, route, options = {}) => {
    located ??= locateApi(deps.url, fetchImpl);
    const { api } = await located;
    /** @type {Record<string, string>} */
    const headers = {};
    if (options.manager) headers.token = await signIn();
    else if (deps.token) headers.authorization = `Bearer ${deps.token}`;
    else
      throw new ReleaseError(
        'No deploy token: set RELEASE_TOKEN (a release manager makes one with `release token create`)',
      );
    /** @type {string | Uint8Array | undefined} */
    let body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
      body = new Uint8Array(options.body);
    }
    let res;
    try {
      res = await fetchImpl(`${api}${route}`, { method, headers, ...(body === undefined ? {} : { body }) });
    } catch (error) {
      throw new ReleaseError(
        `cannot reach the API at ${api} (${error instanceof Error ? error.message : error})`,
      );
    }
    const answer = /** @type {ApiAnswer} */ (await res.json().catch(() => ({})));
    if (!res.ok || answer.success === false)
      throw new ReleaseError(`${answer.message ?? `the API answered ${res.status}`} (HTTP ${res.status})`);
    return answer;
  };
  const signIn = async () => {
    if (session) return session;
    if (!deps.login)
      throw new ReleaseError('Token commands need a release manager: set RELEASE_EMAIL and RELEASE_PASSWORD');
    located ??= locateApi(deps.url, fetchImpl);
    const { api } = await located;
    const res = await fetchImpl(`${api}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(deps.login),
    });
    const answer = /** @type {ApiAnswer & { token?: string }} */ (await res.json().catch(() => ({})));
    if (!res.ok || !answer.token)
      throw new ReleaseError(`cannot sign in as ${deps.login.email}: ${answer.message ?? res.status}`);
    session = answer.token;
    return session;
  };
  return { call, site: async () => (await (located ??= locateApi(deps.url, fetchImpl))).site };
}

/** '90d', '12h' -> whole days (at least 1). @param {string} text */
export function parseExpiry(text) {
  const match = /^(\d{1,3})d$/.exec(text);
  const days = match ? Number(match[1]) : NaN;
  if (!(days >= 1 && days <= 365))
    throw new ReleaseError(`--expires '${text}' is not a number of days like 90d (1d to 365d)`);
  return days;
}

/** @param {Record<string, unknown>} token */
function tokenLine(token) {
  const state = token.revokedAt ? `revoked ${token.revokedAt}` : `expires ${token.expiresAt}`;
  const used = token.lastUsedAt
    ? `last used ${token.lastUsedAt} (${token.lastUsedFor ?? ''} from ${token.lastUsedFrom ?? '?'})`
    : 'never used';
  return `${token.id}  ${token.name}  remotes: ${/** @type {string[]} */ (token.remotes).join(',')}  can: ${/** @type {string[]} */ (token.can).join(',')}  ${state}  ${used}`;
}

/**
 * Runs a parsed command against the API; throws ReleaseError with the API's message when refused.
 * @param {import('./release-cli.mjs').ReleaseCommand} command
 * @param {RemoteDeps} deps
 * @param {{ statusTable: (registry: import('./registry.mjs').Registry, remotes: string[]) => string; actionsTable: (actions: import('./registry.mjs').ReleaseActionRecord[]) => string }} print
 */
export async function runRemoteRelease(command, deps, print) {
  const api = client(deps);
  switch (command.command) {
    case 'help':
    case 'repair':
      throw new ReleaseError(`'${command.command}' works on a local RELEASES_DIR only`);
    case 'publish': {
      const started = Date.now();
      const version = command.version ?? (await deps.packageVersion(command.remote));
      if (!isValidVersion(version))
        throw new ReleaseError(
          `${command.remote}/package.json has version '${version}', which is not like 1.4.0; pass --version`,
        );
      const built = command.dist
        ? { distDir: path.resolve(deps.cwd ?? process.cwd(), command.dist), cleanup: async () => undefined }
        : await deps.build(command.remote);
      try {
        await assertBuildOf(command.remote, built.distDir);
        const files = await readBuildFiles(built.distDir, { clientOnly: command.clientOnly === true });
        const { pack } = writePack({ remote: command.remote, version, files });
        const bytes = files.reduce((sum, file) => sum + file.data.length, 0);
        deps.out(
          `Packed ${command.remote} ${version}: ${files.length} files, ${formatBytes(bytes)} (${formatBytes(pack.length)} to send).`,
        );
        const query = new URLSearchParams({
          remote: command.remote,
          version,
          commit: deps.commit(),
          ...(command.staged ? { staged: 'true' } : {}),
          ...(command.clientOnly ? { clientOnly: 'true' } : {}),
        });
        const answer = await api.call('POST', `/api/releases/publish?${query}`, {
          body: pack,
          contentType: PACK_CONTENT_TYPE,
        });
        deps.out(String(answer.message));
        deps.out(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      } finally {
        await built.cleanup();
      }
      return;
    }
    case 'status': {
      const desk = await api.call('GET', '/api/releases/desk');
      /** @typedef {{ remote: string; current: string | null; history: import('@metrology/shared/release').Release[]; rollout?: import('@metrology/shared/release').Rollout }} DeskRow */
      // The shell's row when the token may read it (the desk keeps it apart from the remotes).
      const listed = /** @type {DeskRow[]} */ (desk.remotes);
      const remotes = desk.shell ? [...listed, /** @type {DeskRow} */ (desk.shell)] : listed;
      /** @type {import('./registry.mjs').Registry} */
      const registry = { remotes: {} };
      for (const { remote, current, history, rollout } of remotes) {
        if (!current) continue;
        if (remote === SHELL_RELEASE) registry.shell = { current, history };
        else registry.remotes[remote] = { current, history, ...(rollout ? { rollout } : {}) };
      }
      deps.out(
        command.json
          ? JSON.stringify(Object.fromEntries(remotes.map(({ remote, ...rest }) => [remote, rest])), null, 2)
          : print.statusTable(
              registry,
              remotes.map(({ remote }) => remote),
            ),
      );
      return;
    }
    case 'log': {
      const answer = await api.call('GET', `/api/releases/actions?limit=${Math.min(command.limit, 500)}`);
      const actions = /** @type {import('./registry.mjs').ReleaseActionRecord[]} */ (answer.actions);
      if (command.json) deps.out(JSON.stringify(actions, null, 2));
      else deps.out(actions.length ? print.actionsTable(actions) : 'No actions yet.');
      return;
    }
    case 'preview': {
      const answer = await api.call('POST', '/api/releases/preview', {
        json: { remote: command.remote, version: command.version },
      });
      const site = (await api.site()) ?? process.env.SITE_URL ?? '';
      deps.out(`${site}${answer.url}`);
      deps.err(String(answer.message));
      return;
    }
    case 'rollout': {
      const why = command.why ? { why: command.why } : {};
      const answer =
        'approve' in command
          ? await api.call('POST', '/api/releases/rollout/approve', {
              json: { remote: command.remote, ...why },
            })
          : 'version' in command
            ? await api.call('POST', '/api/releases/rollout', {
                json: {
                  remote: command.remote,
                  version: command.version,
                  ...('plan' in command
                    ? { plan: formatRolloutPlan(command.plan) }
                    : { percent: command.percent }),
                  ...why,
                },
              })
            : await api.call('POST', '/api/releases/rollout/percent', {
                json: { remote: command.remote, percent: command.percent, ...why },
              });
      deps.out(String(answer.message));
      return;
    }
    case 'complete':
    case 'abort': {
      const answer = await api.call('POST', `/api/releases/rollout/${command.command}`, {
        json: { remote: command.remote, ...(command.why ? { why: command.why } : {}) },
      });
      deps.out(String(answer.message));
      return;
    }
    case 'rollback': {
      const answer = await api.call('POST', '/api/releases/rollback', {
        json: {
          remote: command.remote,
          ...(command.to ? { to: command.to } : {}),
          ...(command.why ? { why: command.why } : {}),
        },
      });
      deps.out(String(answer.message));
      return;
    }
    case 'token': {
      if (command.action === 'list') {
        const answer = await api.call('GET', '/api/releases/tokens', { manager: true });
        const tokens = /** @type {Record<string, unknown>[]} */ (answer.tokens);
        deps.out(tokens.length ? tokens.map(tokenLine).join('\n') : 'No deploy tokens yet.');
        return;
      }
      if (command.action === 'revoke') {
        const answer = await api.call('POST', '/api/releases/tokens/revoke', {
          json: { id: command.id },
          manager: true,
        });
        deps.out(String(answer.message));
        return;
      }
      const answer = await api.call('POST', '/api/releases/tokens', {
        manager: true,
        json: {
          name: command.name,
          remotes: command.remotes,
          can: command.can,
          expiresInDays: command.expiresInDays,
        },
      });
      deps.err(String(answer.message));
      // The secret alone on standard output, so a script can take it (`... | gh secret set RELEASE_TOKEN`).
      deps.out(String(answer.secret));
      return;
    }
  }
}
