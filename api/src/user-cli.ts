// npm run user -- grant <email> staff|release-manager | revoke <email> | create <email> --name N [--role R] | list
// Works on the embedded database in DATA_DIR (while the API is stopped) or on DATABASE_URL (at any time).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { invocationDir, optionsFromEnv } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { isRole, type Role } from './features/back-office/roles.js';
import { createUser, listPrivileged, setRole, UserAdminError } from './features/back-office/user-admin.js';
import { lockDataDir } from './lib/data-lock.js';

const HELP = `Usage: npm run user -- <command>

  grant <email> staff|release-manager   give an existing account a back-office role
  revoke <email>                        make the account a shopper again
  create <email> --name NAME [--role staff|release-manager|shopper]
                                        create an account; the password is read from standard input
  list                                  every account that is not a shopper

A role is granted only to a verified e-mail address (the link mailed at sign-up) whose password was chosen after
it was verified (with "Forgot password?"); 'create' counts as both.
First staff account while npm start runs on the embedded database: STAFF_EMAIL=<that e-mail> npm start.
Database: DATABASE_URL when set, otherwise the embedded one in DATA_DIR (default ./data; stop the API first).
Exit codes: 0 done, 1 refused or failed, 2 wrong usage`;

class UsageError extends Error {}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { name: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`user: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const [command, email, role, ...extra] = parsed.positionals;
  if (parsed.values.help || !command) {
    console.log(HELP);
    return parsed.values.help ? 0 : 2;
  }
  try {
    if (extra.length) throw new UsageError(`Unexpected argument(s): ${extra.join(' ')}`);
    if (command !== 'list' && !email) throw new UsageError(`'${command}' needs an e-mail address`);
    if (command === 'grant' && (!role || !isRole(role) || role === 'shopper'))
      throw new UsageError(`'grant' needs a role: staff or release-manager (got '${role ?? ''}')`);
    if (command !== 'grant' && role) throw new UsageError(`Unexpected argument: ${role}`);
    if (!['grant', 'revoke', 'create', 'list'].includes(command))
      throw new UsageError(`Unknown command '${command}'`);
    if (command === 'create' && parsed.values.role && !isRole(parsed.values.role))
      throw new UsageError(`--role must be shopper, staff or release-manager`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`user: ${error.message}\n\n${HELP}`);
    return 2;
  }

  const { dataDir, databaseUrl } = optionsFromEnv(process.env, invocationDir());
  const release = databaseUrl || !dataDir ? () => undefined : lockDataDir(dataDir, 'npm run user');
  const db = await openDatabase({ databaseUrl, directory: dataDir ? path.join(dataDir, 'db') : undefined });
  try {
    await migrate(db);
    const target = email as string;
    switch (command) {
      case 'grant': {
        const { before } = await setRole(db, target, role as Role);
        console.log(`${target.toLowerCase()} is ${role} now (was ${before}).`);
        break;
      }
      case 'revoke': {
        const { before } = await setRole(db, target, 'shopper');
        console.log(`${target.toLowerCase()} is a shopper now (was ${before}).`);
        break;
      }
      case 'create': {
        const password = await readStdin();
        const newRole = (parsed.values.role ?? 'shopper') as Role;
        await createUser(db, { email: target, name: parsed.values.name ?? '', password, role: newRole });
        console.log(`Created ${target.toLowerCase()} (${newRole}).`);
        break;
      }
      case 'list':
        for (const user of await listPrivileged(db)) console.log(`${user.role}\t${user.email}\t${user.name}`);
        break;
    }
    return 0;
  } catch (error) {
    if (error instanceof UserAdminError) {
      console.error(`user: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
    release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`user: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
