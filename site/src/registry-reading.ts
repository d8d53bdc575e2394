// The live registry as this server reads it: from the release store's pointer when it has one (PostgreSQL), else
// RELEASES_DIR/registry.json with its last good copy. One reader for every route: the text as
// /remotes/registry.json and a page render start from, and the parsed registry of the last second that every file
// of a page load asks (which version does this visitor run?).
import { readRegistryWithFallback } from '@metrology/releases/registry';
import type { Registry } from '@metrology/shared/contracts';

/** What one read found: the registry's text, what was wrong with it, and where it came from. */
export interface RegistryReading {
  text: string;
  /** why the registry could not be used as stored (then `text` is its last good copy, or no remotes) */
  damage?: string;
  /** 'postgres', 'registry', 'last-good' or 'none' */
  source: string;
}

/** How long a parsed registry is used again before it is read afresh. */
const PARSED_FOR_MS = 1000;

export function createRegistryReader(options: {
  releasesDir: string;
  /** the live pointer read on every request (a cluster's, in PostgreSQL) */
  store?: { readText(): Promise<string> } | undefined;
}) {
  /** The last damage reported, so a damaged registry is logged loudly once, not on every page load. */
  let reportedDamage = '';
  const read = async (): Promise<RegistryReading> => {
    if (options.store) {
      try {
        return { text: await options.store.readText(), source: 'postgres' };
      } catch (error) {
        return {
          text: JSON.stringify({ remotes: {} }),
          damage: `the registry in PostgreSQL cannot be read (${error instanceof Error ? error.message : error})`,
          source: 'none',
        };
      }
    }
    const reading = await readRegistryWithFallback(options.releasesDir);
    if (reading.damage && reading.damage !== reportedDamage) {
      reportedDamage = reading.damage;
      console.error(
        `ERROR: ${reading.damage}. The site serves ${reading.source === 'last-good' ? 'the last good copy (registry.json.last-good)' : 'no sections'}; run 'npm run release -- status' and 'npm run release -- repair'.`,
      );
    } else if (!reading.damage) reportedDamage = '';
    return reading;
  };

  let recent = { at: 0, registry: Promise.resolve({ remotes: {} }) as Promise<Registry> };
  /** The registry as read at most a second ago (`fresh`: read now); an unreadable one has no remotes. */
  const parsed = (fresh = false): Promise<Registry> => {
    if (fresh || Date.now() - recent.at > PARSED_FOR_MS) {
      const registry = read().then((reading) => JSON.parse(reading.text) as Registry);
      recent = { at: Date.now(), registry: registry.catch(() => ({ remotes: {} })) };
    }
    return recent.registry;
  };

  return { read, parsed };
}

export type RegistryReader = ReturnType<typeof createRegistryReader>;
