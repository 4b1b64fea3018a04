// The Hub protocol's syntax and notation (protocol.txt, "general syntax" and "1) position"),
// on the protocol's own examples.
import { describe, expect, it } from 'vitest';
import { newGame, parseFen, parseMoveText, playMove, variants } from '../../rules/index.ts';
import type { Game } from '../../rules/index.ts';
import { levelLine, posLine } from './hub.ts';
import { readHubLine, writeHubLine } from './hubLine.ts';
import { hubMove, hubPosition, readHubMove } from './hubNotation.ts';

function game(variant: keyof typeof variants, fen: string, moves: string[]): Game {
  const p = parseFen(variants[variant], fen);
  if (!p.ok) throw new Error(p.error.reason);
  let g = newGame(p.position);
  for (const text of moves) {
    const m = parseMoveText(g.positions.at(-1)!, text);
    if (!m.ok) throw new Error(m.error.reason);
    const r = playMove(g, m.move);
    if (!r.ok) throw new Error(r.error);
    g = r.game;
  }
  return g;
}

/** A Hub position written square by square: `W` or `B`, then each square's character, 'e' unless named. */
function hubPos(side: 'W' | 'B', squares: number, pieces: Record<number, string>): string {
  return side + Array.from({ length: squares }, (_, i) => pieces[i + 1] ?? 'e').join('');
}

describe('a Hub line ("general syntax")', () => {
  it('reads the id line of the protocol, a quoted value with a space in it', () => {
    const l = readHubLine('id name=Scan version=3.0 author="Fabien Letouzey" country=France');
    expect(l?.command).toBe('id');
    expect([...(l?.args ?? [])]).toEqual([['name', 'Scan'], ['version', '3.0'], ['author', 'Fabien Letouzey'], ['country', 'France']]);
  });

  it('reads a flag as an empty value, and a command with no argument', () => {
    expect([...(readHubLine('level infinite')?.args ?? [])]).toEqual([['infinite', '']]);
    expect(readHubLine('wait')).toEqual({ command: 'wait', args: new Map() });
    expect(readHubLine('  ready  ')?.command).toBe('ready');
  });

  it('reads the info line of the protocol, its pv quoted', () => {
    const l = readHubLine('info depth=21 mean-depth=20.8 score=-0.01 nodes=31261613 time=3.906 nps=8.0 pv="32-28 17-22 28x17x22"');
    expect(l?.args.get('pv')).toBe('32-28 17-22 28x17x22');
    expect(l?.args.get('score')).toBe('-0.01');
  });

  it('cannot read a quote left open, an argument with no name, or text glued to a quote', () => {
    expect(readHubLine('done move="32-28')).toBeNull();
    expect(readHubLine('done =32-28')).toBeNull();
    expect(readHubLine('info pv="32-28"17-22')).toBeNull();
    expect(readHubLine('')).toBeNull();
  });

  it('writes values quoted when they hold a space or are empty ("It is in fact required")', () => {
    expect(writeHubLine('set-param', { name: 'variant', value: 'killer' })).toBe('set-param name=variant value=killer');
    expect(writeHubLine('pos', { pos: 'W', moves: '38-15 5-41 48-26' })).toBe('pos pos=W moves="38-15 5-41 48-26"');
    expect(writeHubLine('set-param', { name: 'x', value: '' })).toBe('set-param name=x value=""');
    expect(writeHubLine('level', { infinite: true })).toBe('level infinite');
  });
});

describe('a Hub position and moves ("1) position")', () => {
  it('writes the start of international draughts as the protocol does', () => {
    expect(hubPosition(newGame(parseOk('international', variants.international.startFen)).start)).toBe('Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww');
  });

  it('writes the 8x8 boards in their standard order of 32 squares, English with Black to move (Laws 5, 7)', () => {
    const men = (side: 'W' | 'B') => side + 'b'.repeat(12) + 'e'.repeat(8) + 'w'.repeat(12);
    expect(hubPosition(parseOk('russian', variants.russian.startFen))).toBe(men('W'));
    expect(hubPosition(parseOk('english', variants.english.startFen))).toBe(men('B'));
  });

  it('writes kings in capitals, as in the protocol example "BeeeWWeee..."', () => {
    expect(hubPosition(parseOk('international', 'B:WK4,K5,26:BK1,50'))).toBe(hubPos('B', 50, { 1: 'B', 4: 'W', 5: 'W', 26: 'w', 50: 'b' }));
  });

  it('writes a capture from, to, then every piece taken: 28x19x23', () => {
    // White 28 takes 23 landing on 19 (FMJD 4.1).
    const g = game('international', 'W:W28:B23,1', ['28x19']);
    expect(hubMove(g.moves[0])).toBe('28x19x23');
    expect(hubMove(game('international', variants.international.startFen, ['32-28']).moves[0])).toBe('32-28');
  });

  // The king on 35 takes three either way (FMJD 4.3 at a distance, 4.13 the most pieces):
  // 24, 23, 33 (landing on 19 and 28) or 24, 18, 33 (landing on 13 and 22), both ending on 39.
  const twoWays = 'W:WK35:B1,18,23,24,29,33';
  it('reads the captured pieces in any order ("included in any order")', () => {
    const pos = parseOk('international', twoWays);
    const r = readHubMove(pos, '35x39x33x24x23');
    expect(r.ok && [...r.move.captured].sort((a, b) => a - b).map((s) => s + 1)).toEqual([23, 24, 33]);
  });

  it('finds a capture written from and to ambiguous when two captures share them, illegal or malformed otherwise', () => {
    const pos = parseOk('international', twoWays);
    expect(readHubMove(pos, '35x39')).toMatchObject({ ok: false, error: 'ambiguous' });
    expect(readHubMove(pos, '35x39x24x18x29')).toMatchObject({ ok: false, error: 'illegal' });
    expect(readHubMove(pos, '35-40')).toMatchObject({ ok: false, error: 'illegal' }); // a capture is compulsory (FMJD 4.2)
    expect(readHubMove(pos, '35x39x24x24x33')).toMatchObject({ ok: false, error: 'malformed' });
    expect(readHubMove(pos, '35x51')).toMatchObject({ ok: false, error: 'malformed' });
    expect(readHubMove(pos, 'e3-d4')).toMatchObject({ ok: false, error: 'malformed' });
  });

  it('sends the position after the last man move or capture and the king moves since ("Hub only sends king moves")', () => {
    const g = game('international', 'W:WK50,31:BK1,20', ['31-27', '20-24', '50-44', '1-7']);
    expect(posLine(g)).toBe(`pos pos=${hubPos('W', 50, { 1: 'B', 24: 'b', 27: 'w', 50: 'W' })} moves="50-44 1-7"`);
    expect(posLine(game('international', variants.international.startFen, []))).toBe('pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww');
  });

  it('writes each form of "level", in seconds, the increment taken off the time ("the increment is added before every move")', () => {
    expect(levelLine({ depth: 12 })).toBe('level depth=12');
    expect(levelLine({ moveTimeMs: 1000 })).toBe('level move-time=1');
    expect(levelLine({ clock: { ownMs: 291_587, opponentMs: 300_000, incrementMs: 0, movesToGo: 9 } })).toBe('level moves=9 time=291.587');
    expect(levelLine({ clock: { ownMs: 62_000, opponentMs: 60_000, incrementMs: 2000 } })).toBe('level time=60 inc=2');
    expect(levelLine({ nodes: 5000 })).toBe('level nodes=5000');
  });
});

function parseOk(variant: keyof typeof variants, fen: string) {
  const p = parseFen(variants[variant], fen);
  if (!p.ok) throw new Error(p.error.reason);
  return p.position;
}
