// How npm run backup and npm run restore start: the site's configuration (config.ts), and a
// configuration or backup problem as one line and exit 1.
import { ConfigError, loadConfig, type Config } from '../config';
import { BackupError } from '../db/backup';

/** Runs a backup or restore command: a configuration or backup problem is one line and exit 1. */
export async function runCommand(main: (config: Config) => Promise<void>): Promise<void> {
  try {
    await main(loadConfig(process.env));
  } catch (err) {
    if (err instanceof ConfigError || err instanceof BackupError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
