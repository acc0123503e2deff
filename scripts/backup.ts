// npm run backup [-- <file>]: a consistent backup of the site's database, taken while it runs.
// Reads DATABASE_URL and DATABASE_SCHEMA like the site (config.ts). Default file:
// backups/<db>-<yyyymmdd-hhmmss>.sqlite3 (SQLite) or .dump (PostgreSQL, pg_dump's custom format).
import path from 'node:path';
import { backupDatabase, defaultBackupFile, formatBytes, uploadsReminder } from '../db/backup';
import { runCommand } from './db-command';
import { ROOT } from '../config';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h') || args.length > 1) {
  console.log('usage: npm run backup [-- <file>]   (default: backups/<db>-<yyyymmdd-hhmmss>.sqlite3 or .dump)');
  process.exit(args.length > 1 ? 2 : 0);
}

await runCommand(async (config) => {
  const file = args[0] ?? defaultBackupFile(config, path.join(ROOT, 'backups'));
  const result = await backupDatabase(config, file, { env: process.env });
  console.log(`Backed up ${result.source}`);
  const relative = path.relative(process.cwd(), result.file);
  console.log(`Wrote ${relative.startsWith('..') ? result.file : relative} (${formatBytes(result.bytes)})`);
  console.log(uploadsReminder(config));
});
