// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** RELEASES_DIR's default: the published versions and registry.json of `npm start`, beside its database. */
export const DEFAULT_RELEASES_DIR = path.join(ROOT, 'data', 'releases');
