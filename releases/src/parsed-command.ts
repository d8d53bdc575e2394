// The release CLI's commands as parsed (cli-args.ts parseReleaseArgs) and run by the command modules (commands/)
// on a backend, local or over the network: a module of its own, so the parser and the runners share the type.
import type { RolloutStage } from '@metrology/shared/contracts';

/** What one command line asks for. */
export type LocalCommand =
  | { command: 'help' }
  | { command: 'publish'; remote: string; version?: string; dist?: string; clientOnly?: true; staged?: true }
  | { command: 'rollback'; remote: string; to?: string; why?: string }
  | { command: 'preview'; remote: string; version: string; ttlSeconds: number }
  | { command: 'rollout'; remote: string; version: string; percent: number; why?: string }
  | { command: 'rollout'; remote: string; version: string; plan: RolloutStage[]; why?: string }
  | { command: 'rollout'; remote: string; percent: number; why?: string }
  | { command: 'rollout'; remote: string; approve: true; why?: string }
  | { command: 'complete' | 'abort'; remote: string; why?: string }
  | { command: 'log'; json: boolean; limit: number }
  | { command: 'status'; json: boolean }
  | { command: 'repair' }
  | {
      command: 'token';
      action: 'create';
      name: string;
      remotes: string[];
      can: string[];
      expiresInDays: number;
    }
  | { command: 'token'; action: 'list' }
  | { command: 'token'; action: 'revoke'; id: string };
/** url: --to URL, the shop to run the command on (over the network, http-backend.ts). */
export type ReleaseCommand = LocalCommand & { url?: string };

/** One kind of parsed command. */
export type CommandOf<Name extends LocalCommand['command']> = Extract<LocalCommand, { command: Name }>;
