// The scoresheet as lidraughts' importer takes it: every kind of comment the scoresheet writes
// (irregularities noted, accepted and corrected, decisions, obligations carried over, irregular
// moves set up with a FEN, takebacks, draw offers, clocks) read by lidraughts' grammar as written
// again in host/game/testing/lidraughts.ts (from RoepStoep/lidraughts, Parser.scala and
// Reader.scala), and the game replayed there to the position dambord's scoresheet stands at.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFen, variants, writeFen } from '../../../rules/index.ts';
import type { VariantName } from '../../../rules/index.ts';
import { eventsOf, parseActionScript } from '../../script/actions.ts';
import { parseTimeControl } from '../clock/clock.ts';
import type { TimedControl } from '../clock/clock.ts';
import type { GameState, PlayerCommand } from '../game.ts';
import { replayEvents } from '../replay.ts';
import { step } from '../step.ts';
import { importPdn, replayImported } from '../testing/lidraughts.ts';
import { gamePdn } from '../view.ts';
import { casual, policyNamed, tournament, withShowJumps } from './policy.ts';
import { sheetPosition } from './record.ts';
import type { Policy } from './types.ts';

/** A game played by hand: `script`'s hands on a board of `variant` from `fen`. */
function played(script: string, o: { variant?: VariantName; fen?: string; policy?: Policy; tc?: TimedControl } = {}): GameState {
  const v = variants[o.variant ?? 'international'];
  const start = parseFen(v, o.fen ?? v.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const parsed = parseActionScript(script, v);
  if (!parsed.ok) throw new Error(parsed.reason);
  const config = { start: start.position, policy: o.policy ?? tournament, players: { white: 'Wit', black: 'Zwart' }, tags: [{ name: 'Date', value: '2026.11.24' }], timeControl: o.tc ?? null, hints: false };
  return replayEvents(config, eventsOf(parsed.actions).map((e) => e.event)).state;
}

/**
 * The scoresheet imported as lidraughts does: it parses, every move replays, and the game ends
 * where dambord's scoresheet does; but a setup after the last move, which lidraughts reads as a
 * comment (Reader.scala restarts at a FEN comment only when moves follow): there it ends after
 * the last move.
 */
function importsWhole(s: GameState): string {
  const pdn = gamePdn(s);
  const game = importPdn(pdn);
  const v = s.config.start.variant;
  const items = s.sheet.items;
  const lastMove = items.map((i) => i.kind === 'move' && !i.setup).lastIndexOf(true);
  const ends = lastMove < 0 ? s.sheet : { ...s.sheet, items: items.slice(0, lastMove + 1) };
  expect(writeFen(replayImported(v, game)), pdn).toBe(writeFen(sheetPosition(ends)));
  expect(game.moves.length, pdn).toBe(s.sheet.items.filter((i) => i.kind === 'move' && !i.setup).length);
  return pdn.replace(/\s+/g, ' ').trim();
}

const at = (s: GameState, c: PlayerCommand, t: number): GameState => step(s, { type: 'player', command: c }, t).state;
const hands = (s: GameState, moves: [number, number][], t: number): GameState => {
  let g = s;
  for (const [i, [from, to]] of moves.entries()) {
    g = step(g, { type: 'board', event: { type: 'lift', square: from - 1, t: t + i * 1000, seq: 1000 + i * 2, source: 'board' } }, t + i * 1000).state;
    g = step(g, { type: 'board', event: { type: 'place', square: to - 1, t: t + i * 1000 + 500, seq: 1001 + i * 2, source: 'board' } }, t + i * 1000 + 500).state;
  }
  return g;
};

describe("the scoresheet imports into lidraughts (Parser.scala's grammar, Reader.scala's replay)", () => {
  it('FMJD 5.4.3, 5.8 before the first move: the correction and the obligation carried over, as comments before 1.', () => {
    const pdn = importsWhole(played('lift 33\nplace 33\nlift 32\nplace 28\npress correct\nlift 28\nplace 32\nlift 33\nplace 29\nlift 19\nplace 23\n'));
    expect(pdn).toContain("Corrected at Black's request: the position before it was put back (5.8).} {White must still play the piece on 33 (touched, 3.11).} 1. 33-29 19-23 *");
  });

  it('FMJD 5.4.3 accepted by the button, 5.4.2 accepted: the irregular legal move marked, the illegal one in words and set up', () => {
    // 1. 32-28 (having touched 31) accepted; 1... 19-24; 2. 33-29; Black puts the man on 17 down on 26, off any diagonal of it (5.4.2), accepted; 3. 30x19.
    const s = played('lift 31\nplace 31\nlift 32\nplace 28\npress accept\nlift 19\nplace 24\nlift 34\nplace 30\nlift 17\nplace 26\npress clock\npress accept\nlift 30\nplace 19\nlift 24\n');
    const pdn = importsWhole(s);
    expect(pdn).toContain('(touch-move, article 5.4.3). Black accepted.}');
    expect(pdn).toMatch(/\{Black played 17-26 \(irregular\)\. [^}]*\(illegal-move, article 5\.4\.2\)\. White accepted\.\} \/FEN "W:W[0-9,]+:B[0-9,]+"\/ 3\. 30x19 \*/);
  });

  it('FMJD 5.4.2 on the first turn: the setup before the first move is the start lidraughts replays from', () => {
    const pdn = importsWhole(played('lift 32\nplace 23\npress accept\nlift 19\nplace 28\nlift 23\nlift 33\nplace 22\nlift 28\n'));
    expect(pdn).toMatch(/^.*\{White played 32-23 \(irregular\)\. [^}]*Black accepted\.\} \/FEN "B:W23,31,33,34,[^"]*"\/ 1\.\.\. 19x28 2\. 33x22 \*/);
  });

  it('FMJD 5.4.4: a takeback accepted takes the move off, and says so on the move before', () => {
    const pdn = importsWhole(played('lift 32\nplace 28\nlift 19\nplace 23\nlift 23\nplace 19\npress clock\npress accept\nlift 18\nplace 23\n'));
    expect(pdn).toContain('1. 32-28 {Black took back the move already played (takeback, article 5.4.4): 19-23. White accepted.} 1... 18-23 *');
  });

  it('casual policy: a touch-move and a touch out of turn noted (FMJD 5.4.3, 3.14)', () => {
    const pdn = importsWhole(played('lift 31\nplace 31\nlift 32\nplace 28\nlift 19\nplace 19\nlift 18\nplace 23\n', { policy: casual }));
    expect(pdn).toContain('(touch-move, article 5.4.3). Noted.}');
  });

  it('a touch out of turn noted between moves, counted', () => {
    const pdn = importsWhole(played('lift 32\nplace 28\nlift 33\nplace 33\nlift 33\nplace 33\nlift 19\nplace 23\n'));
    expect(pdn).toContain('(touch-out-of-turn, article 3.14). Noted. (2 times)}');
  });

  it('FMJD 7.3.1 and the clocks: draw offers declined and accepted, the [%clock] of every move', () => {
    const tc = parseTimeControl('5400+30');
    if (!tc.ok || tc.tc.kind === 'unknown' || tc.tc.kind === 'untimed') throw new Error('time control');
    let s = played('lift 31\nplace 26\n', { tc: tc.tc });
    s = at(s, { type: 'draw', color: 'white' }, 5000);
    s = hands(s, [[19, 24]], 10_000);
    s = hands(s, [[32, 28]], 20_000);
    s = at(s, { type: 'draw', color: 'white' }, 25_000);
    s = at(s, { type: 'draw', color: 'black' }, 30_000);
    const pdn = importsWhole(s);
    expect(pdn).toMatch(/1\. 31-26 \{\[%clock [wW][0-9:]+ [bB][0-9:]+\]\} \{White offered a draw\.\} 1\.\.\. 19-24 \{Black declined the draw offered by White, playing on\.\} \{\[%clock [wW][0-9:]+ [bB][0-9:]+\]\} 2\. 32-28 \{\[%clock [wW][0-9:]+ [bB][0-9:]+\]\} \{White offered a draw\.\} \{Black accepted the draw offered by White\.\} \{The game is over, 1-1: draw agreed \(article 7\.3\.1\)\.\} 1-1$/);
    expect(importPdn(gamePdn(s)).result).toBe('1-1');
    expect(pdn).toContain('[WhiteTime "0:00:');
  });

  it('every golden session (test/sessions) imports and replays to where its scoresheet stands', () => {
    const root = fileURLToPath(new URL('../../../test/sessions/', import.meta.url));
    let games = 0;
    for (const folder of readdirSync(root)) {
      for (const name of readdirSync(join(root, folder)).filter((n) => n.endsWith('.script'))) {
        const text = readFileSync(join(root, folder, name), 'utf8');
        if (/^#\s*pending:/m.test(text)) continue;
        const options = /^#\s*options:(.*)$/m.exec(text)?.[1] ?? '';
        const variant = (/--variant (\w+)/.exec(options)?.[1] ?? 'international') as VariantName;
        const fen = /--fen "([^"]+)"/.exec(options)?.[1];
        const named = policyNamed(/--policy (\w+)/.exec(options)?.[1] ?? 'tournament');
        const policy = withShowJumps(named ?? tournament, options.includes('--show-jumps'));
        importsWhole(played(text, { variant, fen, policy }));
        games++;
      }
    }
    expect(games).toBeGreaterThan(100);
  });
});

describe('the lidraughts grammar as written again refuses what lidraughts refuses', () => {
  it('a setup with a range of squares (its FEN holds "-"), and "--" as a move', () => {
    expect(() => importPdn('[GameType "20"]\n\n1. 32-28 {x} /FEN "B:W28,31-50:B1-20"/ 1... 19-23 *\n')).toThrow(/Cannot parse moves/);
    expect(() => importPdn('[GameType "20"]\n\n1. 32-28 -- *\n')).toThrow(/Cannot parse moves/);
    expect(() => importPdn('[GameType "20"]\n\n1. 32-28 {a {nested} comment} *\n')).toThrow(/Cannot parse moves/);
  });

  it('a move that cannot be played where it stands', () => {
    expect(() => replayImported(variants.international, importPdn('[GameType "20"]\n\n1. 32-23 *\n'))).toThrow(/move 1 32-23 cannot be played/);
  });
});
