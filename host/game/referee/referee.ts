// The referee: a pure state machine from hands on the board to moves and irregularities
// (brief, "The referee"). Its entry point, and the second reading of a board that cannot yet tell
// whether the mover's turn goes on or the opponent is playing on.

import type { Position } from '../../../rules/index.ts';
import { SquareSet, agreeDraw, colorBit, currentPosition, newGame, opposite, resign } from '../../../rules/index.ts';
import { couldBe } from './board.ts';
import { afterDecide, decisive, shows } from './decision.ts';
import { occupancyOf } from './occupancy.ts';
import type { RefereeState, Split } from './state.ts';
import { onPress } from './buttons.ts';
import { endTurn } from './endTurn.ts';
import { onBoard } from './hands.ts';
import { reconnect } from './reconnect.ts';
import { takeBack } from './recording.ts';
import { commit, end, landedCapture, startTurn } from './turn.ts';
import type { Policy, RefereeEvent, RefereeOutput } from './types.ts';
import type { Language } from '../../words/catalogue.ts';

export type { RefereeState } from './state.ts';
export { difference } from './decision.ts';

/** A referee for a game from `position`, the board holding exactly that position, saying its sentences in `lang`. */
export function createReferee(position: Position, policy: Policy, t = 0, lang: Language = 'en'): RefereeState {
  const blank = {
    policy,
    lang,
    game: newGame(position),
    previousGame: null,
    sensed: position.board.slice(),
    occupied: occupancyOf(position.board),
    leftover: SquareSet.EMPTY,
    split: null,
    splits: true,
    crownable: null,
    ply: 0,
    now: t,
  };
  return startTurn(blank as unknown as RefereeState, position);
}

/** The position of the game now (before any move in progress). */
export function refereePosition(s: RefereeState): Position {
  return currentPosition(s.game);
}

/**
 * The position the board should be brought to for play to go on: the position of the game, or
 * the position a correction restores (FMJD 5.4, 5.8); null once the game is over. While the
 * opponent decides (`decide`), restoring the position before the irregularity corrects it.
 */
export function boardTarget(s: RefereeState): Position | null {
  switch (s.mode.kind) {
    case 'correcting':
      return s.mode.target;
    case 'decide':
      return s.mode.pending.target;
    case 'over':
      return null;
    default:
      return currentPosition(s.game);
  }
}

/**
 * One event in, the new state and what the referee says out. Pure: time comes with the event;
 * nothing is read from a clock and nothing is decided on time: a piece may be held in the air
 * for any length of time. Never throws on any event sequence.
 */
export function step(state: RefereeState, event: RefereeEvent): { state: RefereeState; outputs: RefereeOutput[] } {
  const e = event.t >= state.now ? event : ({ ...event, t: state.now } as RefereeEvent);
  if (e.type === 'board') return reconnect(state, e, step);
  if (state.split) {
    const first: RefereeOutput[] = [];
    const s = dispatch({ ...state, split: null, now: e.t }, e, first);
    return resolve(s, state.split, e, first);
  }
  const opened = opensSplit(state, e);
  if (opened && state.policy.recording && opened.ended.mode.kind !== 'play') {
    // A game being recorded: the board was wrong when the other side's piece was lifted; it is
    // put right now, not once the other side's move shows whether the turn was over.
    const r = step({ ...opened.ended, splits: true }, e);
    return { state: r.state, outputs: [...opened.endedOutputs, ...r.outputs] };
  }
  const out: RefereeOutput[] = [];
  const s = dispatch({ ...state, now: e.t }, e, out);
  return opened ? resolve(s, { ...opened, since: [], held: [], other: opened.ended, otherSaid: [] }, e, out) : { state: s, outputs: out };
}

/**
 * The move still open on the board (a king that could slide further) is over: the hands are
 * withdrawn for good (the end of an action script). So is a capture whose capturing piece has
 * landed where the hand leaving it completes it (English Laws 11), its pieces still to be taken
 * off. Nothing else is decided: a second reading still open stays open, neither reading
 * confirmed (what each leaves to judge is told by foresee.ts, `pendingAtEnd`).
 */
export function closeOpenMove(state: RefereeState): { state: RefereeState; outputs: RefereeOutput[] } {
  const out: RefereeOutput[] = [];
  if (state.split || state.mode.kind !== 'play') return { state, outputs: out };
  const released = currentPosition(state.game).variant.captureHands.complete === 'release' ? landedCapture(state) : null;
  const open = state.pendingMove ?? released;
  return open ? { state: commit(state, open, state.now, out), outputs: out } : { state, outputs: out };
}

function dispatch(s: RefereeState, e: RefereeEvent, out: RefereeOutput[]): RefereeState {
  switch (e.type) {
    case 'tick':
      return s;
    case 'lift':
    case 'place':
      return onBoard(s, e, out, step);
    case 'press':
      // While the opponent decides, j'adoube and the clock belong to the hands that may be playing on.
      if (s.mode.kind === 'decide' && (e.button === 'jadoube' || e.button === 'clock')) return afterDecide(s, e, out, step);
      return onPress(s, e.button, e.t, out, step);
    case 'resign':
      return end(s, resign(s.game, e.color), e.t, out);
    case 'draw-agreed':
      return end(s, agreeDraw(s.game), e.t, out);
    case 'take-back':
      return takeBack(s, e.t, out, true);
    case 'board': {
      const r = reconnect(s, e, step);
      out.push(...r.outputs);
      return r.state;
    }
  }
}

/**
 * A lift that may be the opponent playing on: a piece of the opponent's that no capture of the
 * mover explains, while the mover's turn is under way. Returns the turn as it ends there, or
 * null when there is nothing to end (the mover has done nothing the rules would judge).
 */
function opensSplit(s: RefereeState, e: RefereeEvent): Pick<Split, 'ended' | 'endedOutputs' | 'square'> | null {
  if (e.type !== 'lift' || !s.splits || s.mode.kind !== 'play' || s.pendingMove || s.beforeRelift) return null;
  const pos = currentPosition(s.game);
  if (!(s.sensed[e.square] & pos.board[e.square] & colorBit(opposite(pos.turn)))) return null;
  if (s.legal.some((m) => m.capturedSet.has(e.square) && couldBe(pos, s.sensed, m, s.leftover))) return null;
  const endedOutputs: RefereeOutput[] = [];
  const ended = endTurn({ ...s, now: e.t }, e.t, endedOutputs);
  if (ended.mode.kind === 'play' && ended.game === s.game) return null;
  return { ended: { ...ended, splits: false }, endedOutputs, square: e.square };
}

/** Which reading of the board the events since the split confirm, if any. */
function resolve(first: RefereeState, split: Split, e: RefereeEvent, firstOut: RefereeOutput[]): { state: RefereeState; outputs: RefereeOutput[] } {
  const since = [...split.since, e];
  // Only the event's own outputs can settle it: a second reading settled earlier was confirmed then.
  const r = step(split.other, e);
  const other = r.state;
  const otherOut = [...split.otherSaid, ...r.outputs];
  if ((decisive(r.outputs) || shows(other)) && !decisive(firstOut)) return { state: { ...other, splits: true }, outputs: [...split.endedOutputs, ...otherOut] };
  const held = [...split.held, ...firstOut];
  const back = e.type === 'place' && e.square === split.square;
  if (back || e.type === 'press' || e.type === 'resign' || e.type === 'draw-agreed' || decisive(firstOut)) return { state: first, outputs: held };
  return { state: { ...first, split: { ...split, since, held, other, otherSaid: otherOut } }, outputs: [] };
}
