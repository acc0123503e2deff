// npm run restore -- <file> [--yes]: replaces the site's database by a backup of npm run backup.
// Stop the site first (every instance). Asks before replacing anything unless --yes is given;
// without a terminal to ask on, --yes is required.
import path from 'node:path';
import readline from 'node:readline/promises';
import { restoreDatabase, uploadsReminder } from '../db/backup';
import { runCommand } from './db-command';

const args = process.argv.slice(2);
const yes = args.includes('--yes') || args.includes('-y');
const files = args.filter((a) => !a.startsWith('-'));
if (args.includes('--help') || args.includes('-h') || files.length !== 1) {
  console.log('usage: npm run restore -- <backup file> [--yes]   (stop the site first)');
  process.exit(args.includes('--help') || args.includes('-h') ? 0 : 2);
}
const file = files[0]!;

await runCommand(async (config) => {
  const target = config.databaseUrl.startsWith('sqlite:')
    ? config.databaseUrl.slice('sqlite:'.length)
    : `${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')}${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}`;
  if (!yes) {
    if (!process.stdin.isTTY) {
      console.error(`Restoring replaces the database ${target}: add --yes to confirm.`);
      process.exit(2);
    }
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
    const answer = await rl.question(`Replace the database ${target} by ${path.resolve(file)}? The site must be stopped. [y/N] `);
    rl.close();
    if (!/^y(es)?$/i.test(answer.trim())) {
      console.log('Nothing changed.');
      process.exit(1);
    }
  }
  const result = await restoreDatabase(config, file, { env: process.env });
  console.log(`Restored ${path.resolve(file)} into ${result.target}`);
  if (result.previous) console.log(`The database it replaced is kept as ${result.previous} (delete it once the site works).`);
  console.log(uploadsReminder(config));
});
