// A throwaway Dovecot IMAP server for the tests (the bounce mailbox, issue 40): its own config in a
// temp folder, one user (passwd-file), a Maildir, a loopback port for imap (STARTTLS offered) and
// one for imaps, both with a self-signed certificate made here by openssl. It runs as an
// unprivileged process: as the current user, or as `nobody` through runuser when the tests run as
// root (as CI does), like the PostgreSQL cluster of scripts/pg-cluster.ts. stop() ends it and
// removes the folder. Dovecot is installed by .ci/run (dovecot-imapd); without it, `dovecotMissing()`
// says why, and a test fails under CI=true instead of skipping.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Dovecot {
  host: string;
  /** Plain IMAP, STARTTLS offered (with the self-signed certificate). */
  imapPort: number;
  /** IMAP over TLS from the first byte (the self-signed certificate). */
  imapsPort: number;
  user: string;
  password: string;
  /** Dovecot's own log (for a failing test's message). */
  log(): string;
  stop(): Promise<void>;
}

const DOVECOT = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'];
const dovecotBinary = () => DOVECOT.find((p) => fs.existsSync(p)) ?? null;

/** Why the tests cannot start Dovecot here, or null when they can. */
export function dovecotMissing(): string | null {
  if (!dovecotBinary()) return 'Dovecot is not installed (apt-get install dovecot-imapd; .ci/run installs it)';
  if (spawnSync('openssl', ['version']).status !== 0) return 'openssl is not installed (the test certificate is made with it)';
  return null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number, child: ChildProcess, log: () => string): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited (${child.exitCode}): ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const c = net.connect({ port, host: '127.0.0.1' }, () => {
        c.destroy();
        resolve(true);
      });
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`dovecot did not listen on ${port} within ${timeoutMs} ms: ${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startDovecot(options: { user?: string; password?: string } = {}): Promise<Dovecot> {
  const binary = dovecotBinary();
  if (!binary) throw new Error(dovecotMissing()!);
  const user = options.user ?? 'bounces@example.org';
  const password = options.password ?? 'right-password';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  // The unprivileged user Dovecot runs as, and its numeric ids for the mail processes.
  const runAs = isRoot() ? 'nobody' : os.userInfo().username;
  const uid = isRoot() ? Number(execFileSync('id', ['-u', 'nobody']).toString().trim()) : os.userInfo().uid;
  const gid = isRoot() ? Number(execFileSync('id', ['-g', 'nobody']).toString().trim()) : os.userInfo().gid;
  const group = execFileSync('id', ['-gn', runAs]).toString().trim();
  const [imapPort, imapsPort] = [await freePort(), await freePort()];
  const logFile = path.join(dir, 'dovecot.log');
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '(no log)');
  for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  fs.writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`);
  fs.writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `# the bounce mailbox tests' Dovecot (test/fakes/dovecot.ts)
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logFile}
default_internal_user = ${runAs}
default_internal_group = ${group}
default_login_user = ${runAs}
auth_mechanisms = plain login
disable_plaintext_auth = no
# A wrong password is answered at once (the tests try one on purpose).
auth_failure_delay = 0
ssl = yes
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  user = ${runAs}
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${imapsPort}
    ssl = yes
  }
}
service auth {
  user = ${runAs}
}
service auth-worker {
  user = ${runAs}
}
service anvil {
  chroot =
}
`,
  );
  if (isRoot()) execFileSync('chown', ['-R', 'nobody', dir]);
  const args = ['-F', '-c', path.join(dir, 'dovecot.conf')];
  const child = isRoot() ? spawn('runuser', ['-u', 'nobody', '--', binary, ...args], { stdio: 'ignore' }) : spawn(binary, args, { stdio: 'ignore' });
  try {
    await waitForPort(imapPort, 15_000, child, readLog);
    await waitForPort(imapsPort, 5_000, child, readLog);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    host: '127.0.0.1',
    imapPort,
    imapsPort,
    user,
    password,
    log: readLog,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
