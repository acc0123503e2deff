// A job whose outcome cannot be written (the database is busy past the wait, or gone) must not
// crash the process: the local queue (SQLite) runs each job detached from its loop, so a failed
// write of the job's outcome was an unhandled rejection (the CI of 1a4b970 saw one in
// sqlite-busy.test.ts). Here the handler takes the jobs table away before it fails: the outcome
// cannot be recorded, nothing is left unhandled, the record is tried again and kept once the table
// is back, and the loop goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { createJobQueue } from '../../models/providers/jobs';
import { ON_POSTGRES, testApp, until } from '../helpers';

test('a job whose outcome cannot be recorded is logged, not an unhandled rejection; the queue goes on', { skip: ON_POSTGRES && 'the local queue runs on SQLite only' }, async () => {
  const h = await testApp({}, { worker: false });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const lines: { msg?: string }[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg?: string }) });
  const queue = createJobQueue({ db: h.deps.db, databaseUrl: h.deps.config.databaseUrl, log, pollIntervalMs: 50 });
  let ran = 0;
  try {
    await queue.start({
      async vanish() {
        ran++;
        await h.deps.db.schema.renameTable('jobs', 'jobs_away');
        throw new Error('the job failed');
      },
      async after() {
        ran++;
      },
    });
    await queue.add('vanish', {});
    await until(() => lines.some((l) => l.msg === 'jobs: could not record the outcome of a job yet; trying again'), 'the outcome logged as not recorded yet');
    // Give a stray rejection the time to surface.
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(unhandled, []);
    // The table is back: the next try records the failure (the job waits for its retry, unlocked),
    // and the loop still works.
    await h.deps.db.schema.renameTable('jobs_away', 'jobs');
    await until(async () => Boolean(await h.deps.db('jobs').where({ task: 'vanish' }).whereNull('lockedBy').whereNotNull('lastError').first()), 'the failure recorded on the next try');
    await queue.add('after', {});
    await until(() => ran >= 2, 'the next job ran');
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await queue.stop(1000);
    await h.close();
  }
});
