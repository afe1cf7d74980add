// npm run seed: migrates and seeds the database named by DATABASE_URL, or the PGlite folder DATA_DIR:
// the demo users, groups and plans, then the demo bureau file (through the app's file store, so
// FILE_STORAGE_DIR must be the folder the server will use).
import { buildApp, depsOf } from './app';
import { loadConfig } from './config';
import { migrate, openDb } from './db';
import { createMailer } from './platform/mail';
import { demoPassword, demoUsers, seedDemo } from './seed';
import { demoBureauFile, seedBureauDemo } from './seedBureau';

const config = loadConfig(process.env);
const db = await openDb({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
try {
  await migrate(db);
  const seeded = await seedDemo(db);
  console.log(seeded ? 'Demo data created.' : 'Users already exist: nothing seeded.');
  if (seeded) for (const user of demoUsers) console.log(`  ${user.email.padEnd(26)} ${user.about}`);
  if (seeded) console.log(`  password for all: ${demoPassword}`);
  // The app is built (not listening, its job queue not started) for the bureau services the file needs.
  const app = buildApp({ db, mailer, config, logger: false });
  try {
    await app.ready();
    if (await seedBureauDemo(depsOf(app))) console.log(`  ${demoBureauFile.name} for Acme UK (owner@example.com), in ${config.files.storageDir}`);
  } finally {
    await app.close();
  }
} finally {
  await mailer.close();
  await db.destroy();
}
