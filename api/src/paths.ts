import { fileURLToPath } from 'node:url';

/** The api/ package folder: src/ and dist/ both sit one level below it. */
export const API_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
export const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));
