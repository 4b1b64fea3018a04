import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Game } from '../../rules/index.ts';
import { currentPosition, legalMoves, newGame, parseFen, parseMoveText, playMove, variants } from '../../rules/index.ts';
import type { Engine, EngineInfo } from './engine.ts';
import { EngineError } from './engine.ts';
import { openBuiltinEngine } from './builtin.ts';

const STOP_ONLY = new URL('./testing/stopOnlySearch.ts', import.meta.url);
const opened: Engine[] = [];
const open = (...args: Parameters<typeof openBuiltinEngine>) => {
  const e = openBuiltinEngine(...args);
  opened.push(e);
  return e;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((e) => e.close()));
});

/** A game from the variant's start and the moves written as players write them. */
function game(variant: keyof typeof variants, moves: string[], fen = variants[variant].startFen): Game {
  const parsed = parseFen(variants[variant], fen);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  let g = newGame(parsed.position);
  for (const text of moves) {
    const m = parseMoveText(currentPosition(g), text);
    if (!m.ok) throw new Error(`${text}: ${m.error.reason}`);
    const r = playMove(g, m.move);
    if (!r.ok) throw new Error(r.error);
    g = r.game;
  }
  return g;
}

describe('the built-in engine in its worker thread', () => {
  it('is named with the version and its level', () => {
    expect(open({ level: 4 }).name).toMatch(/^dambord \d+\.\d+\.\d+ level 4$/);
  });

  // A few opening moves of each variant, then a capture that must be taken (FMJD 4.2; Czech 4.2;
  // Laws 9): the answer is a legal move of the position reached, rebuilt in the worker.
  const openings: [keyof typeof variants, string[]][] = [
    ['international', ['32-28', '19-23', '28x19']],
    ['brazilian', ['c3-d4', 'f6-e5', 'd4xf6']],
    ['russian', ['c3-d4', 'f6-e5', 'd4xf6']],
    ['czech', ['c3-d4', 'f6-e5', 'd4xf6']],
    ['english', ['11-15', '22-18', '15x22']],
  ];
  for (const [variant, moves] of openings) {
    it(`answers a legal move in ${variant} after ${moves.join(' ')}`, async () => {
      const engine = open({ level: 10 });
      await engine.ready();
      const g = game(variant, moves);
      const infos: EngineInfo[] = [];
      const a = await engine.think(g, { moveTimeMs: 300 }, { onInfo: (i) => infos.push(i) });
      expect(legalMoves(currentPosition(g))).toContainEqual(a.move);
      expect(a.pv[0]).toBe(a.move);
      expect(a.ms).toBeLessThan(300 * 1.1 + 50);
      for (const i of infos) expect(i.depth).toBeGreaterThan(0);
    }, 15_000);
  }

  it('reuses its worker from move to move and stops at the time given, within 10% (issue 30)', async () => {
    const engine = open({ search: STOP_ONLY });
    await engine.ready();
    const times: number[] = [];
    let g = game('international', ['32-28', '19-23']);
    for (let k = 0; k < 5; k++) {
      const t0 = performance.now();
      const a = await engine.think(g, { moveTimeMs: 200 });
      times.push(performance.now() - t0);
      const r = playMove(g, a.move);
      if (!r.ok) throw new Error(r.error);
      g = r.game;
    }
    console.log(`built-in engine, 200 ms a move: ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
    // The answer is due at 220 ms (10% over). The median holds to that with a 50 ms margin; each
    // move is held to 400 ms more, as the whole test suite runs on two cores beside this worker
    // (the scheduling figure itself is measured by npm run bench -- engineLeds, not here).
    const sorted = [...times].sort((a, b) => a - b);
    expect(sorted[2]).toBeLessThanOrEqual(220 + 50);
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(195);
      expect(t).toBeLessThanOrEqual(220 + 400);
    }
  }, 15_000);

  it('takes its share of a game clock: a thirtieth of a sudden death (FMJD 10.3)', async () => {
    const engine = open({ search: STOP_ONLY });
    await engine.ready();
    const t0 = performance.now();
    await engine.think(game('english', []), { clock: { ownMs: 3030, opponentMs: 3000, incrementMs: 0 } });
    const ms = performance.now() - t0;
    expect(ms).toBeGreaterThanOrEqual(95);
    expect(ms).toBeLessThanOrEqual(110 + 100); // far from the 3 s left, on a loaded machine too
  }, 15_000);

  it('thinks on one game at a time', async () => {
    const engine = open({ search: STOP_ONLY });
    await engine.ready();
    const first = engine.think(game('english', []), { moveTimeMs: 100 });
    await expect(engine.think(game('english', []), { moveTimeMs: 100 })).rejects.toMatchObject({ kind: 'refused' });
    await expect(first).resolves.toMatchObject({ depth: expect.any(Number) });
  }, 15_000);

  it('passes on what the search says while it thinks', async () => {
    const engine = open({ search: STOP_ONLY });
    await engine.ready();
    const infos: EngineInfo[] = [];
    const g = game('english', []);
    await engine.think(g, { moveTimeMs: 100 }, { onInfo: (i) => infos.push(i) });
    expect(infos.length).toBeGreaterThan(3);
    expect(infos.map((i) => i.depth)).toEqual(infos.map((_, k) => k + 1));
    expect(legalMoves(currentPosition(g))).toContainEqual(infos[0].pv[0]);
  }, 15_000);

  it('answers at once when the signal aborts, with no time limit', async () => {
    const engine = open({ search: STOP_ONLY });
    await engine.ready();
    const ac = new AbortController();
    const t0 = performance.now();
    setTimeout(() => ac.abort(), 100);
    const a = await engine.think(game('russian', ['c3-d4', 'f6-g5']), { depth: 99 }, { signal: ac.signal });
    const ms = performance.now() - t0;
    expect(ms).toBeGreaterThanOrEqual(95);
    expect(ms).toBeLessThan(200);
    expect(a.move).toBeDefined();
  }, 15_000);

  it('fails with crashed when its thread dies, and starts a new one for the next move', async () => {
    const engine = open({ search: STOP_ONLY });
    await engine.ready();
    const crash = engine.think(game('czech', ['c3-d4']), { moveTimeMs: 100 }); // the stand-in ends its thread
    await expect(crash).rejects.toBeInstanceOf(EngineError);
    await expect(crash).rejects.toMatchObject({ kind: 'crashed', engine: engine.name });
    await engine.ready(); // a new thread
    const g = game('czech', ['c3-d4', 'f6-g5']);
    const a = await engine.think(g, { moveTimeMs: 50 });
    expect(legalMoves(currentPosition(g))).toContainEqual(a.move);
  }, 15_000);

  it.runIf(process.platform === 'linux')('searches in a thread of a lower priority, so that the board goes first (nice 10)', async () => {
    const niceThreads = () =>
      readdirSync('/proc/self/task').filter((tid) => {
        try {
          // /proc/PID/task/TID/stat: the 19th field is the nice value; the name in brackets may hold spaces.
          return readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16] === '10';
        } catch {
          return false; // a thread that ended meanwhile
        }
      }).length;
    const before = niceThreads();
    const engine = open({ search: STOP_ONLY });
    await engine.ready();
    expect(niceThreads()).toBe(before + 1);
  }, 15_000);

  it('answers within its time when the thread has not started by then', async () => {
    const engine = open({ search: STOP_ONLY });
    const g = game('brazilian', ['c3-d4', 'f6-g5']);
    const t0 = performance.now();
    const a = await engine.think(g, { moveTimeMs: 5 }); // no thread starts in 5 ms
    expect(performance.now() - t0).toBeLessThan(5 * 1.1 + 50);
    expect(legalMoves(currentPosition(g))).toContainEqual(a.move);
  }, 15_000);

  it('refuses a position with no move, and any move after close', async () => {
    const engine = open();
    const lost = game('international', [], 'W:W:B1,2');
    await expect(engine.think(lost, { depth: 2 })).rejects.toMatchObject({ kind: 'refused' });
    await engine.close();
    await expect(engine.think(game('international', []), { depth: 1 })).rejects.toMatchObject({ kind: 'start' });
  }, 15_000);
});
