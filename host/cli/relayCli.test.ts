// `dambord relay` as a process against its embedded broker, with a stranger publishing (issue 26,
// finding 1): a retained state for a new round name, a board beyond the round's, a state from far
// in the future and a flood of new round names are refused; the round, the page's API and the
// feed stay the round served, the real board's later moves are still taken, and the terminal
// says each reason once, not once a message.

import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectAsync } from 'mqtt';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { realState } from '../broadcast/testing/realStates.ts';
import { boardTopic } from '../broadcast/topics.ts';
import type { BoardState, RoundSnapshot } from '../broadcast/types.ts';
import { EXIT } from './command.ts';
import { runCliBuffered } from './testing.ts';

const bin = fileURLToPath(new URL('./bin.js', import.meta.url));
const EVENT = 'NK 2009';
const work = mkdtempSync(join(tmpdir(), 'dambord-relay-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** The relay started, once it says where its broker and its page are. */
async function relay(argv: string[]): Promise<{ child: ChildProcessWithoutNullStreams; mqtt: string; http: string; out: () => string; err: () => string }> {
  const child = spawn(process.execPath, [bin, 'relay', '--event', EVENT, '--mqtt-port', '0', '--http-port', '0', ...argv], { stdio: 'pipe', env: { ...process.env, DAMBORD_DEBUG: '' } });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  await expect.poll(() => /live at (http:\S+\/),/.test(out), { interval: 50 }).toBe(true);
  return { child, mqtt: /broker for the hosts is at (mqtt:\/\/\S+)/.exec(out)![1], http: /live at (http:\S+\/),/.exec(out)![1], out: () => out, err: () => err };
}

const state = (plies: number, change: Partial<BoardState> = {}, address: { round: string; board: number } = { round: '1', board: 1 }): BoardState => ({
  ...realState({ event: EVENT, ...address, game: address.board - 1, plies, t: Date.now() }),
  ...change,
});
const boardsShown = async (http: string): Promise<number[]> => (JSON.parse((await get(`${http}api/round`)).body) as RoundSnapshot).boards.map((b) => b.board);
const get = async (url: string): Promise<{ status: number; body: string }> => {
  const r = await fetch(url);
  return { status: r.status, body: await r.text() };
};

describe('dambord relay: a stranger at the broadcast', () => {
  it('refuses a new round name, a board beyond the round\'s and a state from the future; the round served stays, its boards go on', async () => {
    const r = await relay(['--round', '1', '--boards', '1-4']);
    const host = await connectAsync(r.mqtt, { clientId: 'stranger-and-host' });
    try {
      const send = (s: BoardState): Promise<unknown> => host.publishAsync(boardTopic(s), JSON.stringify(s), { qos: 1, retain: true });
      await send(state(10));
      await expect.poll(async () => (JSON.parse((await get(`${r.http}api/round`)).body) as RoundSnapshot).boards.map((b) => b.moves.length)).toEqual([10]);
      await send(state(2, { round: 'HIJACK' }));
      await send(state(11, { board: 5 }));
      await send(state(11, { board: 2_000_000 }));
      await send(state(11, { t: 8.64e15 }));
      for (let i = 0; i < 200; i++) await send(state(3, { round: `R${i}` }));
      // The real board's next move, after all of them.
      await send(state(11));
      await expect.poll(async () => (JSON.parse((await get(`${r.http}api/round`)).body) as RoundSnapshot).boards.map((b) => b.moves.length)).toEqual([11]);
      const round = JSON.parse((await get(`${r.http}api/round`)).body) as RoundSnapshot;
      expect(round).toMatchObject({ round: '1', boards: [{ board: 1, round: '1' }] });
      const feed = await get(`${r.http}feed/round.pdn`);
      expect(feed.status).toBe(200);
      expect(feed.body).not.toMatch(/HIJACK|Round "R\d/);
      expect((await get(`${r.http}feed/round.json`)).status).toBe(200);
      // Each reason said once (within a minute), the flood of new rounds included.
      const lines = r.err().trim().split('\n');
      expect(lines.filter((l) => /round "HIJACK" is not the round served \("1"\)/.test(l))).toHaveLength(1);
      expect(lines.filter((l) => / round "R\d+"/.test(l))).toHaveLength(0);
      expect(lines.filter((l) => /board 5 is not one of the round/.test(l))).toHaveLength(1);
      expect(lines.filter((l) => /ahead of the relay's clock/.test(l))).toHaveLength(1);
      expect(lines.length).toBeLessThanOrEqual(4);
    } finally {
      await host.endAsync();
    }
    r.child.kill('SIGINT');
    await expect.poll(() => r.out()).toMatch(/stopped \(2 changes shown, 204 messages refused\)/);
  });

  it('--pairings: the round and the boards of the pairings; without --round, the round the file names', async () => {
    const file = join(work, 'round2.csv');
    writeFileSync(file, `board,white,black,round\n1,Derkx,Meijer,2\n2,Zweerink,Vissers,2\n`);
    const r = await relay(['--pairings', file]);
    const host = await connectAsync(r.mqtt, { clientId: 'host-pairings' });
    try {
      const send = (s: BoardState): Promise<unknown> => host.publishAsync(boardTopic(s), JSON.stringify(s), { qos: 1, retain: true });
      await send(state(4, {}, { round: '1', board: 1 }));
      await send(state(4, {}, { round: '2', board: 3 }));
      await send(state(4, {}, { round: '2', board: 2 }));
      await send(state(5, {}, { round: '2', board: 1 }));
      await expect.poll(() => boardsShown(r.http)).toEqual([1, 2]);
      expect(r.err()).toMatch(/round "1" is not the round served \("2"\)/);
      expect(r.err()).toMatch(/board 3 is not one of the round \(the boards given\)/);
    } finally {
      await host.endAsync();
    }
  });

  it('without --round: the round of the first state taken, said on the terminal; another round is refused', async () => {
    const r = await relay([]);
    const host = await connectAsync(r.mqtt, { clientId: 'host-first-round' });
    try {
      const send = (s: BoardState): Promise<unknown> => host.publishAsync(boardTopic(s), JSON.stringify(s), { qos: 1, retain: true });
      await send(state(6, {}, { round: '5', board: 2 }));
      await expect.poll(() => boardsShown(r.http)).toEqual([2]);
      await send(state(6, {}, { round: '6', board: 1 }));
      await expect.poll(() => r.err()).toMatch(/round "6" is not the round served \("5"\)/);
      expect(r.out()).toContain('dambord relay: serving round 5, the first one a state was taken for; give --round to choose');
      expect(await boardsShown(r.http)).toEqual([2]);
    } finally {
      await host.endAsync();
    }
  });
});

describe('dambord relay: the round and its boards', () => {
  it('usage errors say what is wrong with --round, --boards and --pairings', async () => {
    for (const [argv, message] of [
      [['--round', ' '], '--round R needs a round name'],
      [['--boards', '1-99999'], '--boards: "1-99999" is not a board number or a range such as 1-16'],
      [['--boards', '1-4', '--pairings', 'p.csv'], "--boards and --pairings both name the round's boards: give one"],
    ] as const) {
      const r = await runCliBuffered(['relay', '--event', EVENT, ...argv]);
      expect(r.code, argv.join(' ')).toBe(EXIT.usage);
      expect(r.stderr.split('\n')[0]).toBe(`dambord relay: ${message}`);
    }
  });
});
