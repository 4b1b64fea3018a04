// What the relay believes (host/broadcast/admit.ts): a state is taken only when its board could
// have sent it after its last: its own scoresheet replayed gives its moves and position, its game
// is the last one with moves added, a move or two taken back or corrected, or a new game.
// The states are real games (testing/realStates.ts); the fakes are made from them.

import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../rules/index.ts';
import { tournament } from '../game/referee/policy.ts';
import { replayEvents } from '../game/replay.ts';
import { gameView } from '../game/view.ts';
import { eventsOf, parseActionScript } from '../script/actions.ts';
import { ADMIT_DEFAULTS, admit } from './admit.ts';
import { boardStateOf, stateKey } from './boardState.ts';
import type { AdmitContext } from './admit.ts';
import { realState } from './testing/realStates.ts';
import type { StateChange } from './testing/realStates.ts';
import type { BoardState } from './types.ts';

const EVENT = 'NK 2009';
const T0 = 1_239_192_000_000;
const context: AdmitContext = { event: EVENT, round: '1', boards: null, ...ADMIT_DEFAULTS, now: T0 + 3_600_000 };

const state = (plies: number, change: StateChange = {}, game = 0): BoardState => realState({ event: EVENT, round: '1', board: 1, game, plies, t: T0 + plies * 1000 }, change);
const code = (previous: BoardState | null, next: BoardState, c: AdmitContext = context): string => {
  const a = admit(previous, next, c);
  return a.taken ? 'taken' : `${a.code}: ${a.reason}`;
};

describe('a state whose board could have sent it is taken', () => {
  it('every state of a real game, move by move, from none', () => {
    let previous: BoardState | null = null;
    for (let p = 0; p <= 40; p++) {
      const next = state(p);
      expect(code(previous, next), `after ${p} moves`).toBe('taken');
      previous = next;
    }
  });

  it('moves missed in between (the relay away), one or two taken back or corrected, a new game at the start', () => {
    expect(code(state(10), state(25))).toBe('taken');
    expect(code(state(10), state(9))).toBe('taken');
    expect(code(state(10), state(8))).toBe('taken');
    expect(code(state(10), state(0, {}, 1))).toBe('taken');
  });

  it('the same moves with the link lost, a clock stopped, a result', () => {
    const s = state(12);
    expect(code(s, { ...s, link: 'lost' })).toBe('taken');
    expect(code(s, { ...s, result: { result: '1-1', reason: 'draw agreed', article: '' } })).toBe('taken');
  });
});

describe('every state a host publishes is taken: irregularities waiting, accepted and corrected, a takeback', () => {
  const intl = variants.international;
  const tags = [{ name: 'Event', value: EVENT }, { name: 'Site', value: 'Utrecht' }, { name: 'Date', value: '2026.11.24' }, { name: 'Round', value: '1' }];
  /** The states a host publishes while the hands of `script` play on its board: each view that shows something new. */
  function published(script: string): BoardState[] {
    const start = parseFen(intl, intl.startFen);
    const parsed = parseActionScript(script, intl);
    if (!start.ok || !parsed.ok) throw new Error('bad script');
    const config = { start: start.position, policy: tournament, players: { white: 'Wit', black: 'Zwart' }, tags, timeControl: null, hints: false };
    const events = eventsOf(parsed.actions).map((e) => e.event);
    const out: BoardState[] = [];
    for (let i = 0; i <= events.length; i++) {
      const view = gameView(replayEvents(config, events.slice(0, i)).state, 0, { health: null, simulated: true });
      const s = boardStateOf({ event: EVENT, round: '1', board: 1 }, view, T0 + i);
      if (out.length === 0 || stateKey(out.at(-1)!) !== stateKey(s)) out.push(s);
    }
    return out;
  }
  const opening = 'lift 32\nplace 28\nlift 19\nplace 23\n';
  const scripts: Record<string, string> = {
    'a touched piece not played, corrected (5.4.3)': 'lift 33\nplace 33\nlift 32\nplace 28\npress correct\nlift 28\nplace 32\nlift 33\nplace 28\nlift 19\nplace 23\n',
    'a touched piece not played, accepted': 'lift 33\nplace 33\nlift 32\nplace 28\npress accept\nlift 19\nplace 23\n',
    'a capture missed, corrected': `${opening}lift 33\nplace 33\nlift 34\nplace 29\npress correct\nlift 29\nplace 34\nlift 28\nplace 19\nlift 23\n`,
    'an illegal move accepted (set up in the scoresheet)': `${opening}lift 31\nplace 22\npress accept\n`,
    'an illegal move corrected': `${opening}lift 31\nplace 22\npress correct\nlift 22\nplace 31\n`,
    'a move taken back, accepted and corrected': `${opening}lift 28\nplace 32\npress correct\nlift 32\nplace 28\n`,
  };
  for (const [name, script] of Object.entries(scripts)) {
    it(name, () => {
      const states = published(script);
      expect(states.length).toBeGreaterThan(3);
      let previous: BoardState | null = null;
      for (const [i, s] of states.entries()) {
        // The broadcast keeps the sentences' text; the words the play page says them from (`said`) stay on the play page.
        expect(JSON.stringify(s), `state ${i}`).not.toContain('"said"');
        expect(code(previous, s), `state ${i}: ${s.moves.map((m) => m.text).join(' ')} ${s.irregularity?.code ?? ''} ${s.irregularity?.status ?? ''}`).toBe('taken');
        previous = s;
      }
    });
  }
});

describe('anything else is refused, with its reason', () => {
  it('another event, another round, a board beyond the bound or not listed', () => {
    expect(code(null, { ...state(3), event: 'Other' })).toMatch(/^event: /);
    expect(code(null, { ...state(3), round: 'HIJACK' })).toMatch(/^round: round "HIJACK" is not the round served \("1"\)/);
    expect(code(null, { ...state(3), board: 1000 })).toMatch(/^board: board 1000 is not one of the round \(1 to 999\)/);
    expect(code(null, { ...state(3), board: 4 }, { ...context, boards: new Set([1, 2, 3]) })).toMatch(/^board: /);
    expect(code(null, { ...state(3), round: 'any' }, { ...context, round: null })).toBe('taken');
  });

  it('a time beyond the skew; a time within it is taken', () => {
    expect(code(null, { ...state(3), t: 8.64e15 })).toMatch(/^future: /);
    expect(code(null, { ...state(3), t: context.now + 31_000 })).toMatch(/^future: /);
    expect(code(null, { ...state(3), t: context.now + 29_000 })).toBe('taken');
  });

  it('too many moves, too many bytes', () => {
    const s = state(10);
    expect(code(null, s, { ...context, maxMoves: 9 })).toMatch(/^size: 10 moves: at most 9/);
    expect(code(null, s, { ...context, maxBytes: 1000 })).toMatch(/^size: /);
  });

  it('a position its scoresheet does not end in, a move its scoresheet does not have, a scoresheet that does not replay', () => {
    const s = state(10);
    const other = state(10, {}, 1);
    expect(code(null, { ...s, position: other.position })).toMatch(/^game: its position is not the one its scoresheet ends in/);
    expect(code(null, { ...s, turn: 'black' })).toMatch(/^game: /);
    expect(code(null, { ...s, moves: s.moves.slice(0, 9) })).toMatch(/^game: its scoresheet has 10 moves and the state 9/);
    expect(code(null, { ...s, moves: s.moves.map((m, i) => (i === 4 ? { ...m, text: '50-45' } : m)) })).toMatch(/^game: move 5 is 50-45 in the state/);
    expect(code(null, { ...s, pdn: s.pdn.replace(/1\. (\d+)-(\d+)/, '1. $2-$1') })).toMatch(/^game: /);
    expect(code(null, { ...s, pdn: s.pdn + '\n' + s.pdn })).toMatch(/^game: its scoresheet holds 2 games/);
    expect(code(null, { ...s, variant: 'chess' })).toMatch(/^game: the variant "chess"/);
    expect(code(null, { ...s, size: 8 })).toMatch(/^game: /);
  });

  it('another game on the board (other moves, other players) without a new game started', () => {
    expect(code(state(10), state(10, {}, 1))).toMatch(/^history: /);
    expect(code(state(20), state(14))).toMatch(/^history: it takes back or replaces 6 moves of the board's game \(at most 2\)/);
    expect(code(state(10), state(11, { players: { white: 'Someone', black: 'Else' } }))).toMatch(/^history: another game/);
  });
});
