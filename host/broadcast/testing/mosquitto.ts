// Eclipse Mosquitto, the broker an event may run for its hosts, started for the tests: on a
// loopback port, with a password file and persistence, so that a restarted broker keeps its
// retained states and persistent sessions as a real one does.
//
// Started as root, it runs as `nobody` (the `user` setting): its folder is readable by all and
// its persistence folder writable by all. Each broker is its own process group, stopped with
// SIGTERM (mosquitto then saves its persistence) and SIGKILL if it lingers; one still running
// when the test process exits is killed then.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WAIT_LIMIT_MS } from '../../../test/limits.ts';

/** A name and password the broker accepts. */
export interface MosquittoUser {
  readonly username: string;
  readonly password: string;
}

/** A running mosquitto. */
export interface Mosquitto {
  /** `mqtt://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Stops the broker (its persistence saved) and removes its folder if it made it. */
  stop(): Promise<void>;
  /** Stops the broker and starts it again on the same port with the same persistence. */
  restart(): Promise<void>;
}

const SEARCH = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin', ...(process.env.PATH ?? '').split(':')];

function find(program: string): string | null {
  for (const dir of SEARCH) {
    const file = path.join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** Whether mosquitto and mosquitto_passwd can be run here, and if not why. */
export function mosquittoAvailable(): { available: true } | { available: false; reason: string } {
  for (const program of ['mosquitto', 'mosquitto_passwd']) {
    if (!find(program)) return { available: false, reason: `${program} is not installed (Debian: apt-get install mosquitto)` };
  }
  return { available: true };
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts mosquitto on 127.0.0.1 (a free port unless given) with these users, or with the files of
 * `include` (a folder of `*.conf`, as `dambord relay --mosquitto-config` writes, by include_dir);
 * resolves once the port accepts connections.
 */
export async function startMosquitto(options: { users: readonly MosquittoUser[]; include?: string; dir?: string; port?: number }): Promise<Mosquitto> {
  const binary = find('mosquitto');
  const passwd = find('mosquitto_passwd');
  if (!binary || !passwd) throw new Error('mosquitto is not installed (Debian: apt-get install mosquitto)');
  const made = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'dambord-mosquitto-'));
  chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  mkdirSync(data, { recursive: true });
  chmodSync(data, 0o777);
  const port = options.port ?? (await freePort());
  const lines = [`listener ${port} 127.0.0.1`, 'persistence true', `persistence_location ${data}/`, 'user nobody', 'log_dest stderr', 'log_type error', 'log_type warning'];
  if (options.include !== undefined) {
    lines.push(`include_dir ${path.resolve(options.include)}`);
  } else if (options.users.length > 0) {
    const file = path.join(dir, 'passwd');
    options.users.forEach((u, i) => execFileSync(passwd, [...(i === 0 ? ['-c'] : []), '-b', file, u.username, u.password], { stdio: 'pipe' }));
    chmodSync(file, 0o644);
    lines.push('allow_anonymous false', `password_file ${file}`);
  } else {
    lines.push('allow_anonymous true');
  }
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`, { mode: 0o644 });

  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    const proc = spawn(binary, ['-c', conf], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    proc.stderr!.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    let exited = false;
    proc.once('exit', () => {
      exited = true;
      running.delete(proc);
    });
    running.add(proc);
    child = proc;
    const until = Date.now() + WAIT_LIMIT_MS;
    while (!(await accepts(port))) {
      if (exited || Date.now() > until) {
        await kill();
        throw new Error(`mosquitto did not start on port ${port}: ${errors.trim() || (exited ? 'it exited' : 'the port never accepted a connection')}`);
      }
      await sleep(25);
    }
  };
  const kill = async (): Promise<void> => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const signal = (s: NodeJS.Signals): void => {
      try {
        process.kill(-proc.pid!, s);
      } catch {
        // already gone
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  };

  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    async stop() {
      await kill();
      if (made) rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await kill();
      await start();
    },
  };
}
