// The release CLI over the network: with --to URL or RELEASE_URL, each command is a call to the shop's
// API with the deploy token in RELEASE_TOKEN (Authorization: Bearer), within the token's rights. `publish` builds
// here as the local publish does, packs both builds (pack.ts) and uploads the pack; the API checks it
// and publishes. `token` commands are a release manager's, signed in with RELEASE_EMAIL and RELEASE_PASSWORD.
import path from 'node:path';
import { readBuildFiles, writePack, PACK_CONTENT_TYPE } from './pack.js';
import { formatBytes } from './node-build.js';
import { SHELL_RELEASE, assertBuildOf, formatRolloutPlan, isValidVersion, ReleaseError } from './registry.js';
import type { ReleaseCommand } from './commands.js';
import { actionsTable, statusTable } from './cli-print.js';
import type { Registry, ReleaseActionRecord } from './registry.js';
import type { Release, Rollout } from '@metrology/shared/release';

export interface RemoteDeps {
  /** the shop's URL (its /config.json names the API) or the API's own */
  url: string;
  /** RELEASE_TOKEN: a deploy token */
  token?: string;
  /** a release manager's, for the token commands */
  login?: { email: string; password: string };
  fetch?: typeof fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  build: (remote: string) => Promise<{ distDir: string; cleanup: () => Promise<unknown> }>;
  packageVersion: (remote: string) => Promise<string>;
  commit: () => string;
  cwd?: string;
}

export type ApiAnswer = { success?: boolean; message?: string } & Record<string, unknown>;

/** Whether a host name is this machine: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * The origin credentials may be sent to: https, or plain http to this machine only (a token or a password sent
 * over plain http anywhere else can be read on the way). Throws a ReleaseError naming the URL otherwise.
 */
export function credentialOrigin(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ReleaseError(`'${url}' is not a URL (give the shop's address, like https://shop.example.com)`);
  }
  if (parsed.username || parsed.password)
    throw new ReleaseError(`${parsed.origin}: put no user or password in the URL; use RELEASE_TOKEN`);
  if (parsed.protocol === 'https:') return parsed;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return parsed;
  throw new ReleaseError(
    `${parsed.origin}: credentials are sent over https only (plain http to this machine alone); use https://`,
  );
}

/** The site a host belongs to, roughly its registrable domain: the last two labels, or the whole of an address. */
function siteOf(hostname: string) {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || isLoopbackHost(hostname)) return hostname;
  return hostname.split('.').slice(-2).join('.');
}

/**
 * Where the API is: a shop URL answers /config.json with apiBaseUrl; anything else is taken as the API itself.
 * The API it names is used only on the same site as the URL given (its origin, or another host of the same
 * domain) and over https (plain http on this machine alone); a redirect is never followed.
 */
export async function locateApi(
  url: string,
  fetchImpl: typeof fetch,
): Promise<{ api: string; site: string | undefined }> {
  const given = credentialOrigin(url);
  const base = given.href.replace(/\/+$/, '');
  let named: URL | undefined;
  try {
    const res = await fetchImpl(`${base}/config.json`, {
      signal: AbortSignal.timeout(10_000),
      redirect: 'manual',
    });
    if (res.ok) {
      const config = (await res.json()) as { apiBaseUrl?: unknown };
      if (typeof config.apiBaseUrl === 'string' && config.apiBaseUrl)
        named = new URL(config.apiBaseUrl, `${base}/`);
    }
  } catch {
    // Not a shop's site server: the URL is the API's.
  }
  if (!named) return { api: base, site: undefined };
  const api = credentialOrigin(named.href);
  const sameSite =
    api.protocol === given.protocol &&
    (api.origin === given.origin || siteOf(api.hostname) === siteOf(given.hostname));
  if (!sameSite)
    throw new ReleaseError(
      `${base}/config.json names the API at ${api.origin}, which is not on the same site; credentials go only to ${given.origin} and its own site. Pass the API's URL itself with --to if it is yours`,
    );
  return { api: api.href.replace(/\/+$/, ''), site: base };
}

/** A redirect answered to a call that carries a credential: refused, never followed. */
function refuseRedirect(res: Response, url: string) {
  if (res.status >= 300 && res.status < 400)
    throw new ReleaseError(
      `${url} answered with a redirect (HTTP ${res.status}${res.headers.get('location') ? ` to ${res.headers.get('location')}` : ''}); credentials are never sent on across a redirect. Give the final address with --to`,
    );
}

function client(deps: RemoteDeps) {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  let located: Promise<{ api: string; site: string | undefined }> | undefined;
  let session: string | undefined;
  const call = async (
    method: string,
    route: string,
    options: { json?: unknown; body?: Buffer; contentType?: string; manager?: boolean } = {},
  ): Promise<ApiAnswer> => {
    located ??= locateApi(deps.url, fetchImpl);
    const { api } = await located;
    const headers: Record<string, string> = {};
    if (options.manager) headers.token = await signIn();
    else if (deps.token) headers.authorization = `Bearer ${deps.token}`;
    else
      throw new ReleaseError(
        'No deploy token: set RELEASE_TOKEN (a release manager makes one with `release token create`)',
      );
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
      body = new Uint8Array(options.body);
    }
    let res;
    try {
      res = await fetchImpl(`${api}${route}`, {
        method,
        headers,
        redirect: 'manual',
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      throw new ReleaseError(
        `cannot reach the API at ${api} (${error instanceof Error ? error.message : error})`,
      );
    }
    refuseRedirect(res, `${api}${route}`);
    const answer = (await res.json().catch(() => ({}))) as ApiAnswer;
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
      redirect: 'manual',
    });
    refuseRedirect(res, `${api}/api/user/login`);
    const answer = (await res.json().catch(() => ({}))) as ApiAnswer & { token?: string };
    if (!res.ok || !answer.token)
      throw new ReleaseError(`cannot sign in as ${deps.login.email}: ${answer.message ?? res.status}`);
    session = answer.token;
    return session;
  };
  return { call, site: async () => (await (located ??= locateApi(deps.url, fetchImpl))).site };
}

/** '90d', '12h' -> whole days (at least 1). */

function tokenLine(token: Record<string, unknown>) {
  const state = token.revokedAt ? `revoked ${token.revokedAt}` : `expires ${token.expiresAt}`;
  const used = token.lastUsedAt
    ? `last used ${token.lastUsedAt} (${token.lastUsedFor ?? ''} from ${token.lastUsedFrom ?? '?'})`
    : 'never used';
  return `${token.id}  ${token.name}  remotes: ${(token.remotes as string[]).join(',')}  can: ${(token.can as string[]).join(',')}  ${state}  ${used}`;
}

/**
 * Runs a parsed command against the API; throws ReleaseError with the API's message when refused.
 */
export async function runRemoteRelease(command: ReleaseCommand, deps: RemoteDeps) {
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
      type DeskRow = { remote: string; current: string | null; history: Release[]; rollout?: Rollout };
      // The shell's row when the token may read it (the desk keeps it apart from the remotes).
      const listed = desk.remotes as DeskRow[];
      const remotes = desk.shell ? [...listed, desk.shell as DeskRow] : listed;
      const registry: Registry = { remotes: {} };
      for (const { remote, current, history, rollout } of remotes) {
        if (!current) continue;
        if (remote === SHELL_RELEASE) registry.shell = { current, history };
        else registry.remotes[remote] = { current, history, ...(rollout ? { rollout } : {}) };
      }
      deps.out(
        command.json
          ? JSON.stringify(Object.fromEntries(remotes.map(({ remote, ...rest }) => [remote, rest])), null, 2)
          : statusTable(
              registry,
              remotes.map(({ remote }) => remote),
            ),
      );
      return;
    }
    case 'log': {
      const answer = await api.call('GET', `/api/releases/actions?limit=${Math.min(command.limit, 500)}`);
      const actions = answer.actions as ReleaseActionRecord[];
      if (command.json) deps.out(JSON.stringify(actions, null, 2));
      else deps.out(actions.length ? actionsTable(actions) : 'No actions yet.');
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
        const tokens = answer.tokens as Record<string, unknown>[];
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
