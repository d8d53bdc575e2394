// The seed script's arguments.

const MAX_PRODUCTS = 200_000;

export function parseProductCount(args: readonly string[]): number | undefined {
  const at = args.findIndex((a) => a === '--products' || a.startsWith('--products='));
  if (at === -1) return undefined;
  const arg = args[at] as string;
  const raw = arg.includes('=') ? arg.split('=')[1] : args[at + 1];
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > MAX_PRODUCTS) {
    throw new Error(`--products needs a whole number between 1 and ${MAX_PRODUCTS}, got "${raw ?? ''}"`);
  }
  return count;
}
