// The seed script's arguments, parsed with node:util parseArgs.
import { parseArgs } from 'node:util';

const MAX_PRODUCTS = 200_000;

export interface SeedArgs {
  help: boolean;
  /** How many products to seed; undefined: the base catalogue. */
  products: number | undefined;
}

/** Throws an Error with a message for the user on an unknown option or a bad --products. */
export function parseSeedArgs(args: readonly string[]): SeedArgs {
  const { values } = parseArgs({
    args: [...args],
    options: { products: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: false,
    strict: true,
  });
  return { help: values.help === true, products: productCount(values.products) };
}

function productCount(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const count = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(count) || count < 1 || count > MAX_PRODUCTS) {
    throw new Error(`--products needs a whole number between 1 and ${MAX_PRODUCTS}, got "${raw}"`);
  }
  return count;
}

/** The --products count of the seed script's arguments (undefined when it is not given). */
export function parseProductCount(args: readonly string[]): number | undefined {
  return parseSeedArgs(args).products;
}
