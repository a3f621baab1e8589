// `npm run reset-superadmin-password [-- <new password>]`: a new password for the superadmin on the configured
// database (embedded or DATABASE_URL), printed framed. Stop Hallway first when it runs on the embedded database:
// PGlite allows one process per data directory.
import { printFirstStartAccounts } from './bootstrap/credentials.js';
import { ResetError, resetSuperadminPassword } from './bootstrap/reset-superadmin.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';

async function run() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const account = await resetSuperadminPassword(database, {
      login: config.superadmin.login,
      password: process.argv[2],
    });
    printFirstStartAccounts([account]);
  } finally {
    await database.close();
  }
}

run().catch((err) => {
  if (err instanceof ConfigError || err instanceof ResetError) {
    console.error(err.message);
    process.exit(err instanceof ConfigError ? 78 : 1);
  }
  console.error(err);
  process.exit(1);
});
