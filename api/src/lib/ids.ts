import { createHash, randomBytes } from 'node:crypto';

/** A new 24-hex id (the shape the site's links and carts use). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** A stable 24-hex id for seeded rows, so a reseed keeps links working. */
export function stableId(kind: string, key: string): string {
  return createHash('sha1').update(`${kind}:${key}`).digest('hex').slice(0, 24);
}
