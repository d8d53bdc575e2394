// The shop's API as the release CLI reaches it: where it is (a shop's /config.json may name it), where credentials
// may go (https, or plain http to this machine), and one call: the deploy token in RELEASE_TOKEN (Authorization:
// Bearer) or a release manager's session (RELEASE_EMAIL and RELEASE_PASSWORD), never across a redirect, and an
// answer that is used only once it is what the call's response contract says (shared/src/contracts).
import { Value } from '@sinclair/typebox/value';
import { SessionResponse } from '@metrology/shared/contracts';
import type { Static, TSchema } from '@sinclair/typebox';
import { ReleaseError } from './model.js';

export interface ApiOptions {
  /** the shop's URL (its /config.json names the API) or the API's own */
  url: string;
  /** RELEASE_TOKEN: a deploy token */
  token?: string;
  /** a release manager's, for the token commands */
  login?: { email: string; password: string };
  fetch?: typeof fetch;
}

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
      const config: unknown = await res.json();
      const apiBaseUrl = config && typeof config === 'object' && 'apiBaseUrl' in config && config.apiBaseUrl;
      if (typeof apiBaseUrl === 'string' && apiBaseUrl) named = new URL(apiBaseUrl, `${base}/`);
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

/** At most this many of a malformed answer's mistakes are named. */
const MISTAKES_NAMED = 3;

/**
 * The answer, typed by its contract when it is what the contract says; a ReleaseError naming where it is not
 * otherwise (a proxy's page, another version of the API), so nothing reads a field that is not there.
 */
export function checkedAnswer<T extends TSchema>(schema: T, answer: unknown, what: string): Static<T> {
  if (Value.Check(schema, answer)) return answer;
  const mistakes = [...Value.Errors(schema, answer)]
    .slice(0, MISTAKES_NAMED)
    .map((error) => `${error.path || '/'}: ${error.message}`);
  throw new ReleaseError(
    `${what} answered something that is not the API's answer (${mistakes.join('; ')}); is the URL the shop's, and is its API the same version as this CLI?`,
  );
}

/** The message of a refusal ({ success: false, message }), when it has one. */
function messageOf(answer: unknown): string | undefined {
  if (answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string')
    return answer.message;
  return undefined;
}

export interface CallOptions {
  json?: unknown;
  body?: Buffer;
  contentType?: string;
  /** as the release manager signed in (the token commands), not with the deploy token */
  manager?: boolean;
}

/** Calls to one shop's API: where it is is looked up once, a manager signs in once. */
export function apiClient(options: ApiOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let located: Promise<{ api: string; site: string | undefined }> | undefined;
  let session: string | undefined;
  const locate = () => (located ??= locateApi(options.url, fetchImpl));

  const signIn = async () => {
    if (session) return session;
    if (!options.login)
      throw new ReleaseError('Token commands need a release manager: set RELEASE_EMAIL and RELEASE_PASSWORD');
    const { api } = await locate();
    const res = await fetchImpl(`${api}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(options.login),
      redirect: 'manual',
    });
    refuseRedirect(res, `${api}/api/user/login`);
    const answer: unknown = await res.json().catch(() => ({}));
    if (!res.ok || !(answer && typeof answer === 'object' && 'token' in answer && answer.token))
      throw new ReleaseError(`cannot sign in as ${options.login.email}: ${messageOf(answer) ?? res.status}`);
    session = checkedAnswer(SessionResponse, answer, `POST ${api}/api/user/login`).token;
    return session;
  };

  /** One call; its answer checked against `schema`. A refusal throws the API's message with the HTTP status. */
  const call = async <T extends TSchema>(
    schema: T,
    method: string,
    route: string,
    call: CallOptions = {},
  ): Promise<Static<T>> => {
    const { api } = await locate();
    const headers: Record<string, string> = {};
    if (call.manager) headers.token = await signIn();
    else if (options.token) headers.authorization = `Bearer ${options.token}`;
    else
      throw new ReleaseError(
        'No deploy token: set RELEASE_TOKEN (a release manager makes one with `release token create`)',
      );
    let body: string | Uint8Array | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.body) {
      headers['content-type'] = call.contentType ?? 'application/octet-stream';
      body = new Uint8Array(call.body);
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
    const answer: unknown = await res.json().catch(() => ({}));
    const refused = answer && typeof answer === 'object' && 'success' in answer && answer.success === false;
    if (!res.ok || refused)
      throw new ReleaseError(`${messageOf(answer) ?? `the API answered ${res.status}`} (HTTP ${res.status})`);
    return checkedAnswer(schema, answer, `${method} ${api}${route.replace(/\?.*$/, '')}`);
  };

  return { call, site: async () => (await locate()).site };
}

export type ApiClient = ReturnType<typeof apiClient>;
