// npm run seed -w @metrology/api -- [--products N]: (re)seeds the catalogue (and content where empty).
import path from 'node:path';
import { invocationDir, optionsFromEnv } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { lockDataDir } from './lib/data-lock.js';
import { BASE_CATALOGUE } from './seed/catalogue.js';
import { parseSeedArgs } from './seed/args.js';
import { reseedProducts, seedContent } from './seed/seed.js';

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  if (args.help) {
    console.log(
      `Usage: npm run seed -w @metrology/api -- [--products N]\n` +
        `Replaces the catalogue with N products (default: the ${BASE_CATALOGUE.length} base products) in DATA_DIR or DATABASE_URL.`,
    );
    return;
  }
  const count = args.products;
  const { dataDir, databaseUrl } = optionsFromEnv(process.env, invocationDir());
  const release = databaseUrl || !dataDir ? () => undefined : lockDataDir(dataDir, 'the seed script');
  const db = await openDatabase({ databaseUrl, directory: dataDir ? path.join(dataDir, 'db') : undefined });
  try {
    const started = Date.now();
    await migrate(db);
    const total = await reseedProducts(db, count);
    await seedContent(db);
    console.log(
      `Seeded ${total} products into ${databaseUrl ? 'PostgreSQL' : `${dataDir}/db`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
