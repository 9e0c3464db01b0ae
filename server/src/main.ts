import { loadConfigOrExit } from './config.ts';
import { startServer } from './server.ts';
import { seedDemoMarketplace } from './db/seed-demo.ts';
import { describeDatabase } from './db/database.ts';

/** Entry point of `npm start`: serve until SIGINT/SIGTERM, then close cleanly. */
const config = loadConfigOrExit();
const running = await startServer(config);

if (running.freshEmbeddedDatabase && config.autoSeed) {
  const logins = await seedDemoMarketplace(running.services);
  console.log('\nA demo marketplace was created on this new embedded database. Demo logins:');
  for (const login of logins) console.log(`  ${login.role.padEnd(6)} ${login.email}  /  ${login.password}`);
  console.log('');
}

console.log(`Curio is running at ${config.publicOrigin} on ${describeDatabase(config)} (listening on ${config.host}:${config.port})`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await running.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
