// Who may publish to `dambord relay`'s broker (host/cli/commands/relay.ts, issue 26): the hosts
// file, a broker beyond loopback only with users, mosquitto's files written from the hosts file,
// and a relay whose client id nobody can guess to take its session.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from './command.ts';
import { runCliBuffered } from './testing.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-relay-access-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const bin = fileURLToPath(new URL('./bin.js', import.meta.url));

describe('dambord relay: who may publish', () => {
  it('will not open its broker beyond this computer to anyone', async () => {
    const r = await runCliBuffered(['relay', '--event', 'NK 2026', '--mqtt-host', '0.0.0.0', '--http-port', '0', '--mqtt-port', '0']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr.split('\n')[0]).toBe('dambord relay: --mqtt-host 0.0.0.0 opens the broker beyond this computer: give the hosts their users with --hosts FILE (or one user with --mqtt-user)');
  });

  it('names the hosts file\'s line that is wrong, and no password', async () => {
    const file = join(work, 'bad-hosts.txt');
    writeFileSync(file, 'hall1 1-4 first-secret\nhall2 4 second-secret\n');
    const r = await runCliBuffered(['relay', '--event', 'NK 2026', '--hosts', file, '--http-port', '0', '--mqtt-port', '0']);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr).toBe(`dambord relay: ${file}:2: board 4 of hall2 is hall1's (line 1): a board has one host\n`);
  });

  it('writes mosquitto\'s password file and access list from the hosts file, and stops', async () => {
    const file = join(work, 'hosts.txt');
    writeFileSync(file, '# the hall\nhall1 1-2 first-secret\nrelay read relay-secret\n');
    const dir = join(work, 'mosquitto');
    const r = await runCliBuffered(['relay', '--event', 'NK 2026', '--hosts', file, '--mosquitto-config', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toContain(`add "include_dir ${dir}" to mosquitto.conf`);
    expect(r.stdout).not.toMatch(/secret/);
    expect(readFileSync(join(dir, 'acl'), 'utf8')).toBe('# boards 1-2\nuser hall1\ntopic write dambord/NK 2026/+/board/1\ntopic write dambord/NK 2026/+/board/2\n\n# reads the event\nuser relay\ntopic read dambord/NK 2026/#\n');
    expect(readFileSync(join(dir, 'dambord.conf'), 'utf8')).toMatch(/^allow_anonymous false$/m);
  });

  it('connects with a client id nobody can guess: a client taking the old one (dambord-relay-<computer>) gets no session of the relay\'s', async () => {
    const child = spawn(process.execPath, [bin, 'relay', '--event', 'NK 2026', '--http-port', '0', '--mqtt-port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DAMBORD_DEBUG: '' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const end = Date.now() + WAIT_LIMIT_MS;
      while (!/live at/.test(out) || !/connected to the broker/.test(out)) {
        if (Date.now() > end || child.exitCode !== null) throw new Error(`the relay did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const port = /the broker for the hosts is at mqtt:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1];
      const thief = connect(`mqtt://127.0.0.1:${port}`, { protocolVersion: 4, reconnectPeriod: 0, clean: false, clientId: `dambord-relay-${hostname()}` });
      const connack = await new Promise<{ sessionPresent: boolean }>((resolve, reject) => {
        thief.once('connect', (p) => resolve(p));
        thief.once('error', reject);
      });
      await thief.endAsync(true);
      expect(connack.sessionPresent).toBe(false);
      expect(out).not.toMatch(/lost the broker/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('says which host it refused: a host for boards 1-4 publishing board 5 is named on the relay\'s terminal, and a wrong password too', async () => {
    const file = join(work, 'hosts-named.txt');
    writeFileSync(file, 'hall1 1-4 first-secret\nhall2 5-8 second-secret\n');
    const child = spawn(process.execPath, [bin, 'relay', '--event', 'NK 2026', '--round', '1', '--hosts', file, '--http-port', '0', '--mqtt-port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DAMBORD_DEBUG: '' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const until = async (re: RegExp): Promise<void> => {
      const end = Date.now() + WAIT_LIMIT_MS;
      while (!re.test(out)) {
        if (Date.now() > end || child.exitCode !== null) throw new Error(`waited for ${re}: ${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      await until(/connected to the broker/);
      const port = /the broker for the hosts is at mqtt:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1];
      const host = connect(`mqtt://127.0.0.1:${port}`, { protocolVersion: 4, reconnectPeriod: 0, clientId: 'hall1-test', username: 'hall1', password: 'first-secret' });
      await new Promise<void>((resolve, reject) => {
        host.once('connect', () => resolve());
        host.once('error', reject);
      });
      host.publish('dambord/NK 2026/1/board/5', '{}', { qos: 0 });
      await until(/refused host hall1: publication refused: hall1 may publish the states of boards 1-4 only, not on dambord\/NK 2026\/1\/board\/5/);
      await host.endAsync(true);
      const stranger = connect(`mqtt://127.0.0.1:${port}`, { protocolVersion: 4, reconnectPeriod: 0, clientId: 'hall2-x', username: 'hall2', password: 'guess' });
      await new Promise<void>((resolve) => stranger.once('error', () => resolve()));
      await stranger.endAsync(true);
      await until(/refused host hall2: login refused: bad username or password/);
      expect(out).not.toMatch(/secret/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });
});
