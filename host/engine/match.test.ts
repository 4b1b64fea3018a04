// The match loop with fake engines written here: one that plays the first legal move, one that
// fails with an EngineError, one that resigns (refuses to move), and a slow one on a stepped
// clock, so that results, colours, failures, flag falls and the PDN are checked without any
// engine's strength.
import { describe, expect, it } from 'vitest';
import { currentPosition, legalMoves, newGame, playMove, readPdn, variants } from '../../rules/index.ts';
import type { Game } from '../../rules/index.ts';
import { parseTimeControl } from '../game/clock/clock.ts';
import type { TimedControl } from '../game/clock/clock.ts';
import type { Engine, EngineLimits } from './engine.ts';
import { EngineError } from './engine.ts';
import { runMatch } from './match.ts';
import type { MatchGame } from './match.ts';
import { PLY_CAP, playMatchGame } from './matchGame.ts';
import { matchGamePdn } from './matchPdn.ts';
import { defaultOpenings } from './openings.ts';

const { international, english } = variants;

/** A fake engine: `move` picks its answer; what it was asked and whether it was closed are kept. */
function fake(name: string, move: (game: Game, limits: EngineLimits) => ReturnType<Engine['think']>) {
  const asked: EngineLimits[] = [];
  const engine = {
    name,
    closed: 0,
    asked,
    think(game: Game, limits: EngineLimits) {
      asked.push(limits);
      return move(game, limits);
    },
    async close() {
      engine.closed++;
    },
  };
  return engine;
}

const firstLegal = (name: string) => fake(name, async (game) => ({ move: legalMoves(currentPosition(game))[0], score: null, pv: [], depth: null, nodes: null, ms: 0 }));
const crashing = (name: string) => fake(name, async () => { throw new EngineError(name, 'crashed', 'the process ended (exit code 1)'); });
const resigning = (name: string) => fake(name, async () => { throw new EngineError(name, 'refused', 'no move'); });

const timing = { moveTimeMs: 100 };
const now = () => 0;

describe('runMatch', () => {
  it('alternates colours game by game over the openings, A white in the odd games', async () => {
    const a = firstLegal('A');
    const b = firstLegal('B');
    const openings = defaultOpenings(international).slice(0, 2);
    const r = await runMatch({ engines: [a, b], reopen: async () => { throw new Error('not asked'); }, games: 5, openings, timing, now, plyCap: 6 });
    expect(r.games.map((g) => [g.n, g.whiteName, g.blackName, g.opening.name])).toEqual([
      [1, 'A', 'B', 'start'],
      [2, 'B', 'A', 'start'],
      [3, 'A', 'B', openings[1].name],
      [4, 'B', 'A', openings[1].name],
      [5, 'A', 'B', 'start'],
    ]);
    // Six plies of first legal moves end no game: each is adjudicated a draw, 1-1 in FMJD scoring.
    expect(r.games.every((g) => g.result === '1-1' && g.reason.includes('ply cap of 6'))).toBe(true);
    expect(r).toMatchObject({ wins: 0, draws: 5, losses: 0, stopped: false });
    expect([a.closed, b.closed]).toEqual([1, 1]);
  });

  it('a resigning engine loses every game, with either colour, written in the variant\'s scoring', async () => {
    const a = firstLegal('A');
    const b = resigning('B');
    const r = await runMatch({ engines: [a, b], reopen: async () => resigning('B'), games: 2, openings: defaultOpenings(english), timing, now });
    // English: 1-0 / 0-1 (Laws; the variant's scoring). Game 1: A is White; Black (B) moves first (Laws 7) and resigns.
    expect(r.games.map((g) => [g.result, g.game.moves.length])).toEqual([['1-0', 0], ['0-1', 1]]);
    expect(r.games[0].reason).toBe('black (B) resigned: B: no move');
    expect(r).toMatchObject({ wins: 2, draws: 0, losses: 0 });
  });

  it('an engine that fails loses the game, is closed, and is opened again for the next', async () => {
    const a = firstLegal('A');
    const b = crashing('B');
    const reopened: (0 | 1)[] = [];
    const notes: string[] = [];
    const fresh = firstLegal('B');
    const r = await runMatch({
      engines: [a, b], reopen: async (k) => (reopened.push(k), fresh), games: 2, openings: defaultOpenings(international), timing, now, plyCap: 4, onNote: (t) => notes.push(t),
    });
    // Game 1: White (A) moves, Black (B) fails: White wins 2-0 (FMJD).
    expect(r.games[0]).toMatchObject({ result: '2-0', failed: 'black', whiteName: 'A', blackName: 'B' });
    expect(r.games[0].reason).toBe("black's engine failed: B: the process ended (exit code 1)");
    expect(notes[0]).toContain('game 1: black\'s engine failed');
    expect(b.closed).toBe(1);
    expect(reopened).toEqual([1]);
    // Game 2 is played by the engine opened again: a draw at the ply cap.
    expect(r.games[1]).toMatchObject({ result: '1-1', failed: null, whiteName: 'B' });
    expect(fresh.asked.length).toBe(2);
  });

  it('every engine is told each game is over; one that fails then is opened again', async () => {
    const told: string[] = [];
    const listening = (name: string, fails: boolean) =>
      Object.assign(firstLegal(name), {
        async gameOver(_game: Game, result: string | null) {
          told.push(`${name} ${result}`);
          if (fails) throw new EngineError(name, 'crashed', 'the connection closed');
        },
      });
    const reopened: (0 | 1)[] = [];
    const r = await runMatch({
      engines: [listening('A', false), listening('B', true)], reopen: async (k) => (reopened.push(k), listening('B2', false)), games: 2, openings: defaultOpenings(international), timing, now, plyCap: 2,
    });
    expect(r.games).toHaveLength(2);
    expect(told).toEqual(['A 1-1', 'B 1-1', 'A 1-1', 'B2 1-1']);
    expect(reopened).toEqual([1]);
  });

  it('an engine that cannot be opened again loses the next game without a move', async () => {
    const r = await runMatch({
      engines: [firstLegal('A'), crashing('B')], reopen: async () => { throw new EngineError('B', 'start', 'no such file'); }, games: 2, openings: defaultOpenings(international), timing, now,
    });
    // Game 2: B would be White.
    expect(r.games[1]).toMatchObject({ result: '0-2', reason: "white's engine could not be started" });
    expect(r).toMatchObject({ wins: 2, losses: 0 });
  });

  it('a signal stops the match: the game being played is not counted, the engines are closed', async () => {
    const stop = new AbortController();
    const a = firstLegal('A');
    const b = fake('B', async (game) => {
      if (game.moves.length > 3) stop.abort();
      return { move: legalMoves(currentPosition(game))[0], score: null, pv: [], depth: null, nodes: null, ms: 0 };
    });
    const r = await runMatch({ engines: [a, b], reopen: async () => a, games: 4, openings: defaultOpenings(international), timing, now, signal: stop.signal });
    expect(r).toMatchObject({ games: [], stopped: true });
    expect([a.closed, b.closed]).toEqual([1, 1]);
  });
});

describe('playMatchGame on a clock', () => {
  const timed = (text: string) => (parseTimeControl(text) as { tc: TimedControl }).tc;

  it('gives the engines their clock and a flag fall loses (FMJD Latvian text 7.1.2.5)', async () => {
    let t = 0;
    // Each answer takes 600 ms: with 1 s each, White's flag falls on its second move.
    const slow = (name: string) => fake(name, async (game) => { t += 600; return { move: legalMoves(currentPosition(game))[0], score: null, pv: [], depth: null, nodes: null, ms: 600 }; });
    const white = slow('W');
    const black = slow('B');
    const r = await playMatchGame({ white, black, opening: defaultOpenings(international)[0], timing: { timeControl: timed('1') }, now: () => t });
    expect(white.asked[0]).toEqual({ clock: { ownMs: 1000, opponentMs: 1000, incrementMs: 0 } });
    expect(black.asked[0]).toEqual({ clock: { ownMs: 1000, opponentMs: 400, incrementMs: 0 } });
    expect(r).toMatchObject({ result: '0-2', winner: 'black', reason: 'white (W) lost on time (7.1.2.5)' });
    expect(r.game.moves).toHaveLength(2);
  });

  it('passes the increment and the moves to the next control', async () => {
    const w = firstLegal('W');
    await playMatchGame({ white: w, black: firstLegal('B'), opening: defaultOpenings(international)[0], timing: { timeControl: timed('60+2') }, now, plyCap: 2 });
    expect(w.asked[0]).toEqual({ clock: { ownMs: 60_000, opponentMs: 60_000, incrementMs: 2000 } });
    const m = firstLegal('W');
    await playMatchGame({ white: m, black: firstLegal('B'), opening: defaultOpenings(international)[0], timing: { timeControl: timed('40/300:60') }, now, plyCap: 4 });
    expect(m.asked.map((l) => l.clock?.movesToGo)).toEqual([40, 39]);
  });
});

describe('playMatchGame to the end', () => {
  it('ends by the rules: a side with no move loses (FMJD 7.2.2)', async () => {
    // A man each, White's on 47 and Black's on 37: played out, one side is left with no piece or
    // no move.
    const opening = { name: 'shot', start: readPdn('[FEN "W:W47:B37"]\n*').games[0].start, moves: [] };
    const r = await playMatchGame({ white: firstLegal('W'), black: firstLegal('B'), opening, timing, now });
    expect(outcomeOf(r.game)).toBe(r.result);
    expect(r.reason).toMatch(/\(7\.2\.[23]\)$/);
  });

  it('English games that cannot end are drawn at the ply cap, 1/2-1/2', async () => {
    // Two kings each (Laws 14), no capture possible: they walk until the cap.
    const opening = { name: 'kings', start: readPdn('[GameType "21"]\n[FEN "B:WK29,K32:BK1,K4"]\n*').games[0].start, moves: [] };
    const r = await playMatchGame({ white: firstLegal('W'), black: firstLegal('B'), opening, timing, now });
    expect(r.result).toBe('1/2-1/2');
    expect(r.game.moves.length).toBeLessThanOrEqual(PLY_CAP);
  });
});

describe('matchGamePdn', () => {
  it('writes a game our PDN reader reads back, every move legal, with the engines\' names and the end in a comment', async () => {
    const r = await runMatch({ engines: [firstLegal('Alpha 1.0'), firstLegal('Beta')], reopen: async () => firstLegal('x'), games: 4, openings: defaultOpenings(international).slice(1, 3), timing, now, plyCap: 30 });
    const pdn = r.games.map((g: MatchGame) => matchGamePdn(g, { event: 'test match', date: '2026.11.27' })).join('');
    const back = readPdn(pdn).games;
    expect(back).toHaveLength(4);
    for (const [i, g] of back.entries()) {
      expect(g.error).toBeNull();
      const tag = (name: string) => g.tags.find((t) => t.name === name)?.value;
      expect([tag('Round'), tag('White'), tag('Black'), tag('Result'), tag('Event')]).toEqual([String(i + 1), i % 2 ? 'Beta' : 'Alpha 1.0', i % 2 ? 'Alpha 1.0' : 'Beta', '1-1', 'test match']);
      let game = newGame(g.start);
      for (const item of g.line) if (item.kind === 'ply') game = (playMove(game, item.move) as { game: Game }).game;
      expect(game.moves).toHaveLength(30);
      const last = g.line[g.line.length - 1];
      expect(last.kind === 'ply' && last.comments).toEqual(['adjudicated a draw at the ply cap of 30 plies']);
    }
    // The opening's move is the game's first.
    expect(back[0].line[0].kind === 'ply' && back[0].line[0].text).toBe(defaultOpenings(international)[1].name);
  });
});

function outcomeOf(game: Game): string {
  const pos = currentPosition(game);
  // The side to move has no move or no piece: the other side won.
  expect(legalMoves(pos)).toHaveLength(0);
  return pos.turn === 'white' ? international.scoring.blackWins : international.scoring.whiteWins;
}
