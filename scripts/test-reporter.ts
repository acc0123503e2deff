// A test reporter for Node's test runner that writes one JSON line per finished test, for
// scripts/run-tests.ts (beside the spec reporter a person reads): its name with the suites around
// it, whether it passed, how long it took and, when it failed, the assertion's message and where
// in the test file it was thrown. The runner counts tests, finds the failures and prints them last.
import type { TestEvent } from 'node:test/reporters';

export interface TestRecord {
  name: string;
  /** The names of the suites around the test and its own, joined by ' > '. */
  fullName: string;
  file: string;
  passed: boolean;
  /** A suite (describe) rather than a test: not counted, and not a failure of its own. */
  suite: boolean;
  /** A failure only because a subtest failed, or a hook outside the test (before, after). */
  failureType?: string;
  ms: number;
  message?: string;
  /** The file:line of the test's code where the error was thrown. */
  at?: string;
}

interface ErrorLike {
  message?: string;
  stack?: string;
  failureType?: string;
  cause?: ErrorLike | unknown;
}

function describeError(error: ErrorLike | undefined, file: string): { message?: string; at?: string; failureType?: string } {
  if (!error) return {};
  const cause = (error.cause && typeof error.cause === 'object' ? error.cause : error) as ErrorLike;
  const message = typeof cause.message === 'string' ? cause.message : String(error.cause ?? error.message ?? 'failed');
  const base = file.split('/').pop() ?? file;
  const frame = (cause.stack ?? '').split('\n').find((l) => l.includes(base)) ?? (cause.stack ?? '').split('\n').find((l) => /\/test\//.test(l));
  const at = frame ? /\(?((?:file:\/\/)?[^\s()]+:\d+):\d+\)?\s*$/.exec(frame.trim())?.[1]?.replace(/^file:\/\//, '').replace(process.cwd() + '/', '') : undefined;
  return { message, at, failureType: error.failureType };
}

export default async function* jsonLines(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  // The names of the tests and suites open at each depth, for the full name of a test.
  const open: string[] = [];
  for await (const event of source) {
    if (event.type === 'test:start') {
      open[event.data.nesting] = event.data.name;
      open.length = event.data.nesting + 1;
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data as typeof event.data & { details: { duration_ms: number; type?: string; error?: ErrorLike }; file?: string };
    const file = (data.file ?? '').replace(process.cwd() + '/', '');
    const names = open.slice(0, data.nesting);
    names[data.nesting] = data.name;
    const record: TestRecord = {
      name: data.name,
      fullName: names.filter(Boolean).join(' > '),
      file,
      passed: event.type === 'test:pass',
      suite: data.details.type === 'suite',
      ms: Math.round(data.details.duration_ms),
      ...(event.type === 'test:fail' ? describeError(data.details.error, file) : {}),
    };
    yield `${JSON.stringify(record)}\n`;
  }
}
