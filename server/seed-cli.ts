// npm run seed: migrates and seeds the database named by DATABASE_URL, or the PGlite folder DATA_DIR.
import { loadConfig } from './config';
import { migrate, openDb } from './db';
import { demoPassword, demoUsers, seedDemo } from './seed';

const config = loadConfig(process.env);
const db = await openDb({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
try {
  await migrate(db);
  const seeded = await seedDemo(db);
  console.log(seeded ? 'Demo data created.' : 'Users already exist: nothing seeded.');
  if (seeded) for (const user of demoUsers) console.log(`  ${user.email.padEnd(26)} ${user.about}`);
  if (seeded) console.log(`  password for all: ${demoPassword}`);
} finally {
  await db.destroy();
}
