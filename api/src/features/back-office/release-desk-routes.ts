// The release desk (release managers): each remote's live version and history, roll back or re-promote a published
// version with the CLI's own code, and the log of who did what when. It reads and moves the pointer the site
// servers read: PostgreSQL's release_registry table when the API runs on DATABASE_URL (as `npm run release` and
// every site instance do then), RELEASES_DIR/registry.json otherwise.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ReleaseActionsQuery,
  ReleaseActionsResponse,
  ReleaseDeskResponse,
  RollbackBody,
  RollbackResponse,
  type ReleaseAction,
} from '@metrology/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { registryModule, registryStoreModule, type RegistryStore } from './registry-bridge.js';
import { requireRole } from './roles.js';

export const DESK_MESSAGES = {
  notConfigured: 'The release registry is not configured on this server (RELEASES_DIR).',
  storeUnavailable: 'The release registry in the database cannot be reached. Please try again.',
} as const;

interface ActionRow {
  action: string;
  remote: string;
  from_version: string;
  to_version: string;
  changed: boolean;
  actor_email: string;
  created_at: Date | string;
}

const toAction = (row: ActionRow): ReleaseAction => ({
  action: row.action,
  remote: row.remote,
  from: row.from_version,
  to: row.to_version,
  changed: row.changed,
  actor: row.actor_email,
  at: new Date(row.created_at).toISOString(),
});

export async function releaseDeskRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  const manager = requireRole(app, 'release-manager');
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const releasesDir = (): string => {
    if (!config.releasesDir) throw new HttpError(503, DESK_MESSAGES.notConfigured);
    return config.releasesDir;
  };

  // Opened on the desk's first use (a shop that never uses the desk holds no extra connections).
  let opening: Promise<RegistryStore> | undefined;
  const registryStore = async (): Promise<RegistryStore | undefined> => {
    const { databaseUrl } = config;
    if (!databaseUrl) return undefined;
    opening ??= registryStoreModule().then((module) =>
      // A single-machine install moving to PostgreSQL brings its registry.json history along (once).
      module.openPgRegistryStore(databaseUrl, { importFrom: releasesDir(), poolSize: 2 }),
    );
    try {
      return await opening;
    } catch (error) {
      opening = undefined;
      app.log.error({ err: error }, 'release desk: cannot open the registry in PostgreSQL');
      throw new HttpError(503, DESK_MESSAGES.storeUnavailable);
    }
  };
  app.addHook('onClose', async () => {
    const store = await opening?.catch(() => undefined);
    await store?.close();
  });
  const readLive = async () => {
    const registry = await registryModule();
    const dir = releasesDir();
    const store = await registryStore();
    return store ? store.read() : registry.readRegistry(dir);
  };

  api.get(
    '/api/releases/desk',
    {
      preValidation: manager,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          "Every remote's live version and history (oldest first), and the release desk's recent actions",
        response: responses(ReleaseDeskResponse),
      },
    },
    async () => {
      const registry = await registryModule();
      const read = await readLive();
      const actions = await db.query<ActionRow>(
        `SELECT action, remote, from_version, to_version, changed, actor_email, created_at
         FROM release_actions ORDER BY created_at DESC, id DESC LIMIT 50`,
      );
      return {
        success: true,
        remotes: registry.REMOTE_NAMES.map((remote) => {
          const entry = read.remotes[remote];
          return { remote, current: entry?.current ?? null, history: entry?.history ?? [] };
        }),
        actions: actions.rows.map(toAction),
      };
    },
  );

  api.get(
    '/api/releases/actions',
    {
      preValidation: manager,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary: 'The release desk log, newest first: who rolled back or re-promoted what, and when',
        querystring: ReleaseActionsQuery,
        response: responses(ReleaseActionsResponse),
      },
    },
    async (request) => {
      const limit = Math.min(500, Math.max(1, Number(request.query.limit ?? 50)));
      const actions = await db.query<ActionRow>(
        `SELECT action, remote, from_version, to_version, changed, actor_email, created_at
         FROM release_actions ORDER BY created_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return { success: true, actions: actions.rows.map(toAction) };
    },
  );

  api.post(
    '/api/releases/rollback',
    {
      preValidation: manager,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          'Make a published version live: without "to" the previous good one (a rollback), or the named one (roll back or re-promote). The same operation as `npm run release -- rollback`.',
        body: RollbackBody,
        response: responses(RollbackResponse),
      },
    },
    async (request) => {
      const { remote, to } = request.body;
      const registry = await registryModule();
      if (!registry.REMOTE_NAMES.includes(remote)) {
        throw new HttpError(400, `Unknown remote '${remote}' (one of ${registry.REMOTE_NAMES.join(', ')})`);
      }
      const dir = releasesDir();
      const store = await registryStore();
      let result: { from: string; to: string; changed: boolean };
      try {
        result = await registry.rollbackRelease({
          releasesDir: dir,
          remote,
          ...(to ? { to } : {}),
          ...(store ? { store } : {}),
        });
      } catch (error) {
        if (error instanceof registry.ReleaseError) throw new HttpError(409, error.message);
        throw error;
      }
      const history = (await readLive()).remotes[remote]?.history ?? [];
      const index = (version: string) => history.findIndex((release) => release.version === version);
      const action = index(result.to) < index(result.from) ? 'rollback' : 're-promote';
      const actor = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        request.userId,
      ]);
      const logged = await db.query<ActionRow>(
        `INSERT INTO release_actions (action, remote, from_version, to_version, changed, actor_user_id, actor_email)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING action, remote, from_version, to_version, changed, actor_email, created_at`,
        [action, remote, result.from, result.to, result.changed, request.userId, actor.rows[0]?.email ?? ''],
      );
      request.log.warn({ remote, from: result.from, to: result.to, by: request.userId }, `release ${action}`);
      return {
        success: true,
        message: result.changed
          ? `${remote} ${result.to} is live now (was ${result.from}).`
          : `${remote} ${result.to} is already live; nothing changed.`,
        action: toAction(logged.rows[0] as ActionRow),
      };
    },
  );
}
