// `dambord play` (and `dambord digitise`) as a real process on the simulated board, driven
// through its page's API: the helpers the process-level tests share (crash.test.ts,
// clock.test.ts, digitise*.process.test.ts).
import { spawn } from 'node:child_process';
import type { ChildProcess, ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { PlayView } from '../host/game/types.ts';
import { WAIT_LIMIT_MS } from './limits.ts';

const bin = fileURLToPath(new URL('../host/cli/bin.js', import.meta.url));
const killed = fileURLToPath(new URL('./playKilled.ts', import.meta.url));

/** Starts `dambord play` with its games in `work/games` and resolves with the page's address once it is serving, and what it printed so far on demand. */
export function play(work: string, args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; out: () => string }> {
  return serving(spawn(process.execPath, [bin, 'play', '--http-port', '0', '--games', join(work, 'games'), '--archive', join(work, 'archive'), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } }));
}

/** {@link play} with a journal that kills the process right after the `n`th board event of the run is on the disk (test/playKilled.ts). */
export function playKilledAfterEvent(n: number, work: string, args: string[]): Promise<{ child: ChildProcess; url: string; out: () => string }> {
  return serving(spawn(process.execPath, ['--import', 'tsx', killed, String(n), '--http-port', '0', '--games', join(work, 'games'), '--archive', join(work, 'archive'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** Resolves with `child`'s page address once `dambord play` says it is serving. */
function serving(child: ChildProcess): Promise<{ child: ChildProcess; url: string; out: () => string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /the game is at (http:\/\/[0-9.:]+)\//.exec(out);
      if (m) resolve({ child, url: m[1], out: () => out + err });
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`dambord play exited ${code}: ${out}${err}`)));
  });
}

/** What the page shows now. */
export async function view(url: string): Promise<PlayView> {
  return (await (await fetch(`${url}/api/view`)).json()) as PlayView;
}

/** A command of the page (the simulator's hands, a button), which must be taken. */
export async function command(url: string, body: object): Promise<void> {
  const r = await fetch(`${url}/api/command`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(await r.json()).toEqual({ ok: true });
}

/**
 * Resolves once `cond` holds; throws, naming `what`, after `ms`: a guard against a hang, far above
 * the normal wait (a process starting, a board on the wall clock answering) so that a busy machine
 * makes the wait longer, never a failure.
 */
export async function waitFor(what: string, cond: () => Promise<boolean>, ms = WAIT_LIMIT_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Ends `dambord play` as Ctrl-C does and resolves once it has exited (at once if it already has). */
export async function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

/** Starts `dambord digitise` with `args` and `input` first on its piped standard input; resolves with the page's address, and what it printed so far on demand. */
export function digitiseProcess(args: readonly string[], input: string): Promise<{ child: ChildProcessWithoutNullStreams; url: string; out: () => string }> {
  // The club's archive beside the games folder, never the working folder's.
  const games = args[args.indexOf('--games') + 1];
  const archive = args.includes('--archive') || !args.includes('--games') ? [] : ['--archive', join(games, '..', 'archive')];
  const child = spawn(process.execPath, [bin, 'digitise', '--http-port', '0', ...archive, ...args], { stdio: 'pipe' });
  child.stdin.write(input);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /the game is at (http:\/\/[0-9.:]+)\//.exec(out);
      if (m) resolve({ child, url: m[1], out: () => out });
    });
    child.on('exit', (code) => reject(new Error(`dambord digitise exited ${code}: ${out}`)));
  });
}

/** Moves of the hands on the simulator (`l:32 p:28`: lift 32, place on 28), square by square, waiting for the board to report each. */
export async function hands(url: string, steps: string): Promise<void> {
  for (const step of steps.split(' ')) {
    const [verb, square] = step.split(':');
    await command(url, { type: verb === 'l' ? 'lift' : 'place', square });
    await waitFor(`${step} sensed`, async () => (await view(url)).squares.find((s) => s.name === square)!.sensed === (verb === 'p'));
  }
}
