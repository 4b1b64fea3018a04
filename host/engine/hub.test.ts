// The Hub engine against a fake engine, a real process (testing/fakeHub.js) written from the
// protocol text ("Hub protocol for draughts, version 2", protocol.txt, Fabien Letouzey): each
// message, and each way an engine can fail.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Game, Variant } from '../../rules/index.ts';
import { currentPosition, legalMoves, newGame, parseFen, variants } from '../../rules/index.ts';
import type { EngineInfo } from './engine.ts';
import type { EngineLog } from './engineLog.ts';
import type { HubEngine, HubOptions } from './hub.ts';
import { openHubEngine } from './hub.ts';

const FAKE = fileURLToPath(new URL('./testing/fakeHub.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'dambord-hub-'));
let runs = 0;
const opened: HubEngine[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((e) => e.close()));
});

/** The fake started with `args`; `record`: the file where it writes every line it receives. */
async function fake(args: string[], variant: Variant = variants.international, more: Partial<HubOptions> = {}) {
  const record = join(dir, `run${++runs}.txt`);
  const engine = await openHubEngine({ command: process.execPath, args: [FAKE, `--record=${record}`, ...args], variant, timeouts: { startMs: 2000, initMs: 2000, pingMs: 500, graceMs: 200 }, ...more });
  opened.push(engine);
  return { engine, received: () => readFileSync(record, 'utf8').trim().split('\n') };
}

function start(variant: Variant = variants.international, fen = variant.startFen): Game {
  const p = parseFen(variant, fen);
  if (!p.ok) throw new Error(p.error.reason);
  return newGame(p.position);
}

describe('a Hub engine: the initialisation ("hub", "id", "param", "wait", "set-param", "init", "ready")', () => {
  it('is named by its id and initialised, the variant left as the engine declared it when it is already ours', async () => {
    const { engine, received } = await fake([]);
    expect(engine.name).toBe('Fake 1.0');
    expect(engine.id.get('author')).toBe('dambord tests');
    expect(engine.params.map((p) => p.get('name'))).toEqual(['variant', 'book']);
    expect(received()).toEqual(['hub', 'init']);
  });

  it('sets the variant from the values the engine lists before "init"', async () => {
    const { received } = await fake(['--variants=normal russian brazilian'], variants.russian);
    expect(received()).toEqual(['hub', 'set-param name=variant value=russian', 'init']);
  });

  it('sets the parameters it is given', async () => {
    const { received } = await fake([], variants.international, { params: { book: 'false' } });
    expect(received()).toEqual(['hub', 'set-param name=book value=false', 'init']);
  });

  it('refuses a variant the engine does not list, and one without a variant parameter unless international', async () => {
    await expect(fake(['--variants=normal killer bt'], variants.english)).rejects.toMatchObject({ kind: 'refused', message: expect.stringMatching(/Fake 1\.0: plays normal, killer, bt, not english draughts/) });
    await expect(fake(['--no-variant'], variants.czech)).rejects.toMatchObject({ kind: 'refused' });
    const { engine } = await fake(['--no-variant'], variants.international);
    expect(engine.name).toBe('Fake 1.0');
  });

  it('runs the engine in its own folder when the command is a path', async () => {
    const engine = await openHubEngine({ command: FAKE, args: ['--say-folder'], variant: variants.international });
    opened.push(engine);
    expect(engine.id.get('folder')).toBe(dirname(FAKE));
  });

  it('fails with silent when the engine never says "wait" or "ready", and with start when it cannot be started', async () => {
    await expect(fake(['--mode=silent-start'])).rejects.toMatchObject({ kind: 'silent', message: expect.stringContaining('"wait"') });
    await expect(fake(['--mode=silent-init'])).rejects.toMatchObject({ kind: 'silent', message: expect.stringContaining('"ready"') });
    await expect(openHubEngine({ command: join(dir, 'no-such-engine'), args: [], variant: variants.international })).rejects.toMatchObject({ kind: 'start' });
  });

  it('logs every line both ways', async () => {
    const lines: string[] = [];
    const log: EngineLog = { sent: (e, t) => lines.push(`${e} > ${t}`), received: (e, t) => lines.push(`${e} < ${t}`), note: () => {} };
    const { engine } = await fake([], variants.international, { log });
    await engine.think(start(), { moveTimeMs: 100 });
    expect(lines).toContain(`${process.execPath} > hub`);
    expect(lines).toContain(`${process.execPath} < wait`); // named by its id from then on
    expect(lines).toContain('Fake 1.0 < ready');
    expect(lines).toContain('Fake 1.0 > go think');
    expect(lines).toContain('Fake 1.0 < done move=32-28');
  });
});

describe('a Hub engine: a search ("pos", "level", "go", "info", "done", "stop", "ping", "quit")', () => {
  it('sends the position, the level and "go think", passes on "info" and answers the move of "done"', async () => {
    const { engine, received } = await fake(['--move=32-28', '--ponder=19-23']);
    const infos: EngineInfo[] = [];
    const g = start();
    const a = await engine.think(g, { moveTimeMs: 1000 }, { onInfo: (i) => infos.push(i) });
    expect(received().slice(2)).toEqual(['pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww', 'level move-time=1', 'go think']);
    expect(infos[0]).toMatchObject({ depth: 1, score: { kind: 'men', value: 0.12 }, nodes: 100, ms: 1 });
    expect(infos[0].pv.map((m) => [m.from + 1, m.to + 1])).toEqual([[32, 28], [19, 23]]);
    expect(infos[1]).toMatchObject({ depth: 2, score: { kind: 'men', value: -0.05 }, nodes: 300, pv: [] });
    expect(legalMoves(currentPosition(g))).toContainEqual(a.move);
    expect([a.move.from + 1, a.move.to + 1]).toEqual([32, 28]);
    expect(a).toMatchObject({ depth: 2, score: { kind: 'men', value: -0.05 }, nodes: 300 });
  });

  it('analyses with "go analyze" and a depth', async () => {
    const { engine, received } = await fake([]);
    await engine.analyze(start(), { depth: 12 });
    expect(received().slice(-2)).toEqual(['level depth=12', 'go analyze']);
  });

  it('plays an 8x8 variant in 32 squares: a capture in Russian draughts, its piece taken named', async () => {
    // White c3 (square 22) takes the black man on d4 (18) landing on e5 (15) (Russian 4.1).
    const g = start(variants.russian, 'W:W22:B18,1');
    const { engine, received } = await fake(['--variants=normal russian', '--move=22x15x18'], variants.russian);
    const a = await engine.think(g, { moveTimeMs: 300 });
    expect(a.move.captured.map((s) => s + 1)).toEqual([18]);
    expect(received()).toContain(`pos pos=W${'b'}${'e'.repeat(16)}b${'e'.repeat(3)}w${'e'.repeat(10)}`);
  });

  it('takes a capture written with its pieces in any order', async () => {
    const g = start(variants.international, 'W:WK35:B1,18,23,24,29,33');
    const { engine } = await fake(['--move=35x39x33x24x18']);
    const a = await engine.think(g, { moveTimeMs: 300 });
    expect(a.move.captured.map((s) => s + 1).sort((x, y) => x - y)).toEqual([18, 24, 33]);
  });

  it('sends "stop" when the signal aborts, and answers the move of the "done" that follows', async () => {
    const { engine, received } = await fake(['--think-ms=60000']);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const t0 = performance.now();
    const a = await engine.think(start(), { depth: 40 }, { signal: ac.signal });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(a.move.from + 1).toBe(32);
    expect(received().slice(-2)).toEqual(['go think', 'stop']);
  });

  it('sends "stop" at the move\'s time and 10%, when the engine thinks on', async () => {
    const { engine, received } = await fake(['--think-ms=60000']);
    const t0 = performance.now();
    await engine.think(start(), { moveTimeMs: 200 });
    const ms = performance.now() - t0;
    expect(ms).toBeGreaterThanOrEqual(215);
    expect(ms).toBeLessThan(220 + 200);
    expect(received().at(-1)).toBe('stop');
  });

  it('answers "ping" with the time "pong" took, and fails with silent when no pong comes', async () => {
    const { engine } = await fake([]);
    expect(await engine.ping()).toBeLessThan(500);
    const { engine: mute } = await fake(['--mode=no-pong']);
    await expect(mute.ping()).rejects.toMatchObject({ kind: 'silent', message: expect.stringContaining('"pong"') });
  });

  it('says "new-game" when the game is over', async () => {
    const { engine, received } = await fake([]);
    const g = start();
    await engine.think(g, { depth: 2 });
    await engine.gameOver?.(g, '2-0');
    await engine.ping(); // the fake has read the line before
    expect(received().slice(-2)).toEqual(['new-game', 'ping']);
  });

  it('ends the engine with "quit"', async () => {
    const { engine, received } = await fake([]);
    await engine.close();
    expect(received().at(-1)).toBe('quit');
  });
});

describe('a Hub engine that fails: the error names it and what it sent, and the game goes on', () => {
  it('an illegal move', async () => {
    const { engine } = await fake(['--move=32-26']);
    await expect(engine.think(start(), { moveTimeMs: 300 })).rejects.toMatchObject({ kind: 'illegal-move', engine: 'Fake 1.0', sent: 'done move=32-26' });
    // The engine is still there: the next search is answered.
    await expect(engine.ping()).resolves.toBeLessThan(500);
  });

  it('an ambiguous move: a capture written from and to where two captures share them', async () => {
    // The king on 35 takes three either way (FMJD 4.3, 4.13): 24, 23, 33 or 24, 18, 33, to 39.
    const { engine } = await fake(['--move=35x39']);
    await expect(engine.think(start(variants.international, 'W:WK35:B1,18,23,24,29,33'), { moveTimeMs: 300 })).rejects.toMatchObject({ kind: 'ambiguous-move', sent: 'done move=35x39' });
  });

  it('a malformed line', async () => {
    const { engine } = await fake(['--mode=malformed']);
    await expect(engine.think(start(), { moveTimeMs: 300 })).rejects.toMatchObject({ kind: 'malformed', sent: 'done move="32-28' });
  });

  it('a move not in Hub\'s notation', async () => {
    const { engine } = await fake(['--move=c3-d4']);
    await expect(engine.think(start(), { moveTimeMs: 300 })).rejects.toMatchObject({ kind: 'malformed', sent: 'done move=c3-d4' });
  });

  it('an "error" from the engine', async () => {
    const { engine } = await fake(['--mode=error']);
    await expect(engine.think(start(), { moveTimeMs: 300 })).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('the position is not set') });
  });

  it('a slow engine: no "done" by the time, 10% and the grace after "stop"', async () => {
    const { engine } = await fake(['--mode=slow', '--think-ms=3000']);
    const t0 = performance.now();
    await expect(engine.think(start(), { moveTimeMs: 200 })).rejects.toMatchObject({ kind: 'slow', engine: 'Fake 1.0' });
    expect(performance.now() - t0).toBeLessThan(220 + 200 + 200);
    await expect(engine.think(start(), { moveTimeMs: 200 })).rejects.toMatchObject({ kind: 'slow' }); // ended: open it again
  });

  it('a silent engine: no "done" after an abort\'s "stop"', async () => {
    const { engine } = await fake(['--mode=silent']);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    await expect(engine.think(start(), { depth: 20 }, { signal: ac.signal })).rejects.toMatchObject({ kind: 'silent' });
  });

  it('a crash while thinking; a new engine can be opened', async () => {
    const { engine } = await fake(['--mode=crash']);
    await expect(engine.think(start(), { moveTimeMs: 300 })).rejects.toMatchObject({ kind: 'crashed', message: expect.stringContaining('exit code 3') });
    const { engine: again } = await fake([]);
    expect((await again.think(start(), { moveTimeMs: 300 })).move.from + 1).toBe(32);
  });
});
