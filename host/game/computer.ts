// The computer seated at the board (`dambord play --engine white|black`): what the game core
// keeps of it and decides about it, pure. When the computer is to move the game asks the shell
// to think (a `think` effect, with an id); the shell's answer comes back as an `engine` input
// with that id, and an answer to an older question (the game moved on: a takeback, a new game)
// is dropped. The move found is then shown (LEDs, words) until the hands have made it on the
// board; the referee checks them as it checks any move, and the game goes on from it.

import type { Game, Move, Position } from '../../rules/index.ts';
import { currentPosition, formatMove, legalMoves, parseMoveText, play, playMove, sameMove, squareName } from '../../rules/index.ts';
import type { JournalEntry } from './journal/record.ts';
import type { LedMark } from './leds/guidance.ts';
import type { RefereeState } from './referee/referee.ts';
import type { RefereeOutput } from './referee/types.ts';
import type { EngineView } from './types.ts';
import type { ComputerConfig } from './computerConfig.ts';

/** An engine's score for the side to move (as engine/types.ts's `Score`): men ahead, or a win or loss in so many plies. */
export type Score = NonNullable<EngineView['score']>;

/** A line of moves from `pos` (an engine's principal variation) in the variant's notation, as far as its moves are legal one after the other. */
export function lineText(pos: Position, moves: readonly Move[]): string[] {
  const out: string[] = [];
  let at = pos;
  for (const m of moves) {
    const legal = legalMoves(at);
    const move = legal.find((l) => sameMove(l, m));
    if (!move) break;
    out.push(formatMove(at, move, legal));
    at = play(at, move);
  }
  return out;
}

/** A score of the position after a move, for the side now to move, as the mover sees it: the move itself counted in a proven result. */
export function turned(s: Score): Score {
  if (s.kind === 'men') return { kind: 'men', value: -s.value };
  return s.kind === 'win' ? { kind: 'loss', plies: s.plies + 1 } : { kind: 'win', plies: s.plies + 1 };
}

/** What the computer is doing: thinking, its move shown until the hands make it, or nothing (the player's turn). */
export type ComputerActivity = 'thinking' | 'showing' | 'idle';

/** The computer as the game keeps it. */
export interface ComputerState {
  readonly config: ComputerConfig;
  /** The id of the last question asked of the engine: an answer with another id is stale. */
  readonly asked: number;
  /** The number of moves of the game when the question was asked: once the game has another, the question is stale. */
  readonly at: number;
  readonly activity: ComputerActivity;
  /** The move being shown (legal in the game's position); null unless showing. */
  readonly move: Move | null;
  /** The engine's score for the side to move and its principal variation (PDN), of the move shown; null when none. */
  readonly score: Score | null;
  readonly pv: readonly string[] | null;
  /** The wrong way of making the move shown said last (host/game/computerStep.ts), so that it is said once; null: none. */
  readonly told: string | null;
  /** Another legal move made for the computer, being taken back (put right, without `--alt-move`): the move shown is still to be made after it. */
  readonly putRight: Move | null;
  /** Its scores of its last four answers, the newest last, null where the engine gave none (host/game/computerJudges.ts judges resigning and draws by them). */
  readonly scores: readonly (Score | null)[];
  /** The number of moves of the game when the engine failed twice (host/game/computerFailed.ts): nothing is asked again until the game has another; -1: none. */
  readonly failedAt: number;
  /** The number of moves of the game when it last offered a draw (host/game/computerJudges.ts); -1: never. */
  readonly offeredAt: number;
  /**
   * The engine's move for the player (host/game/computerHint.ts): the question's id, the number
   * of moves of the position asked about, the move found and its score for the player (null
   * until answered), and whether it is shown (a hint asked for; in training the position is
   * judged unasked, host/game/training.ts); null: none.
   */
  readonly hint: { readonly id: number; readonly at: number; readonly move: Move | null; readonly score: Score | null; readonly shown: boolean } | null;
  /** Correct or j'adoube held down with nothing to decide, since board time `t` (ms): held long, a take back or a hint (host/game/computerHeld.ts). */
  readonly held: { readonly button: 'correct' | 'jadoube'; readonly t: number } | null;
  /** The capture shown (the computer's move or a hint), its landing squares lit one after the other from board time `since` (ms): `lit` is the index in its path. */
  readonly route: { readonly move: Move; readonly since: number; readonly lit: number } | null;
}

/** The computer of a new game: idle until the board shows the start position. */
export function createComputer(config: ComputerConfig): ComputerState {
  return { config, asked: 0, at: -1, activity: 'idle', move: null, score: null, pv: null, putRight: null, told: null, scores: [], failedAt: -1, offeredAt: -1, hint: null, held: null, route: null };
}

/** The journal's note of a move shown (host/game/computerStep.ts): `computer shows 32x12`. */
export const SHOWN_NOTE = 'computer shows ';

/**
 * The computer of a game resumed from its journal: the move it was showing when the host
 * stopped (the journal's last note of it, with no move or takeback said after it) shown again,
 * where it is still the computer's move there; else as a new game's, to think again.
 */
export function computerResumed(c: ComputerState, referee: RefereeState, entries: readonly JournalEntry[]): ComputerState {
  let at = entries.length - 1;
  while (at >= 0 && !(entries[at].k === 'note' && (entries[at] as { text: string }).text.startsWith(SHOWN_NOTE))) at--;
  if (at < 0 || entries.slice(at).some((e) => e.k === 'out' && (e.o.type === 'move' || e.o.type === 'accepted'))) return c;
  const pos = currentPosition(referee.game);
  const parsed = parseMoveText(pos, (entries[at] as { text: string }).text.slice(SHOWN_NOTE.length));
  if (!parsed.ok || pos.turn !== c.config.side || referee.mode.kind === 'over') return c;
  return { ...c, activity: 'showing', move: parsed.move, at: referee.game.moves.length };
}

/** The engine's answer, as the `engine` input brings it: the id of the question, the move, its score and line. */
export interface EngineReply {
  readonly id: number;
  readonly move: Move;
  readonly score: Score | null;
  readonly pv: readonly Move[];
}

/** Whether the referee is in plain play with the computer to move and nothing decided: the computer should think or show. */
function computerToMove(c: ComputerState, referee: RefereeState): boolean {
  return referee.mode.kind !== 'over' && currentPosition(referee.game).turn === c.config.side;
}

/**
 * The computer after the game moved on: a question or a move shown for another position than
 * the game's (a takeback, a move put right) is forgotten, and, with the computer to move in play
 * and nothing asked, a question is asked: the new state and the game to think about (null: none).
 */
export function computerNext(c: ComputerState, referee: RefereeState | null, over: boolean): { computer: ComputerState; think: { id: number; game: Game } | null } {
  if (!referee) return { computer: c, think: null };
  const moves = referee.game.moves.length;
  let now = c.putRight && moves === c.at ? { ...c, putRight: null } : c;
  // A hint is for the position it was asked in: shown there only, kept one move more (training
  // judges the player's move by it), forgotten once the game is over or elsewhere.
  const hint = now.hint?.at !== moves ? now.hint : null;
  if (hint && (over || hint.at + 1 !== moves)) now = { ...now, hint: null };
  else if (hint?.shown) now = { ...now, hint: { ...hint, shown: false } };
  if (now.putRight) return { computer: now, think: null };
  if (now.activity !== 'idle' && (over || now.at !== moves || !computerToMove(now, referee))) now = { ...now, activity: 'idle', move: null, score: null, pv: null, putRight: null };
  if (over || now.activity !== 'idle' || now.failedAt === moves || referee.mode.kind !== 'play' || !computerToMove(now, referee)) return { computer: now, think: null };
  const id = now.asked + 1;
  return { computer: { ...now, asked: id, at: moves, activity: 'thinking' }, think: { id, game: referee.game } };
}

/** The engine's answer taken: shown when it answers the last question and is legal in the game's position; null when it is dropped (stale, or no move there). */
export function computerAnswered(c: ComputerState, referee: RefereeState | null, reply: EngineReply): ComputerState | null {
  if (!referee || reply.id !== c.asked || c.activity !== 'thinking' || referee.game.moves.length !== c.at) return null;
  const pos = currentPosition(referee.game);
  const move = legalMoves(pos).find((m) => sameMove(m, reply.move));
  if (!move) return null;
  return { ...c, activity: 'showing', move, score: reply.score, pv: lineText(pos, reply.pv), scores: [...c.scores.slice(-3), reply.score] };
}

/** What the computer's hands did, as {@link computerMoved} tells it. */
export type HandsDid =
  | { readonly kind: 'made'; readonly move: Move; readonly text: string }
  | { readonly kind: 'other'; readonly move: Move; readonly text: string }
  | { readonly kind: 'wrong'; readonly code: string; readonly squares: readonly number[] };

/**
 * What the computer's hands did, as the referee said it: `made` when the move shown was made,
 * `other` when another legal move was made for the computer, `wrong` when the referee flagged an
 * irregularity of the computer's side that waits for a decision (it is corrected: the computer
 * decides nothing of its own hands), or null when none of these.
 */
export function computerMoved(c: ComputerState, outputs: readonly RefereeOutput[]): HandsDid | null {
  for (const o of outputs) {
    if (o.type === 'move' && o.side === c.config.side) return c.move && sameMove(c.move, o.move) ? { kind: 'made', move: o.move, text: o.text } : { kind: 'other', move: o.move, text: o.text };
    if (o.type === 'irregularity' && o.side === c.config.side && o.decision === 'decide') return { kind: 'wrong', code: o.code, squares: o.squares };
  }
  return null;
}

/**
 * How the hands made the move shown wrongly, where one square says it: the computer's piece put
 * down on `square` instead of `to`, or the piece on `wrong` taken off instead of the one on
 * `square`; null when the board differs from the move otherwise.
 */
export function wrongWay(c: ComputerState, referee: RefereeState): { kind: 'square'; to: number; square: number } | { kind: 'piece'; square: number; wrong: number } | null {
  const m = c.move;
  const played = m && playMove(referee.game, m);
  if (!m || !played?.ok) return null;
  const after = currentPosition(played.game).board;
  const clear: number[] = [];
  const fill: number[] = [];
  after.forEach((p, sq) => {
    if (p === 0 && referee.sensed[sq] !== 0) clear.push(sq);
    if (p !== 0 && referee.sensed[sq] === 0) fill.push(sq);
  });
  if (clear.length !== 1 || fill.length !== 1) return null;
  if (fill[0] === m.to && clear[0] !== m.from) return { kind: 'square', to: m.to, square: clear[0] };
  if (m.captured.includes(clear[0])) return { kind: 'piece', square: clear[0], wrong: fill[0] };
  return null;
}

/** The move the LEDs show: the computer's move shown, or else a hint found for the player; null: none. */
export function shownMove(c: ComputerState): Move | null {
  if (c.activity === 'showing') return c.move;
  return c.activity === 'idle' && c.hint?.shown ? c.hint.move : null;
}

/**
 * What the LEDs light for the move shown or the hint (laid under the referee's own layers, as a
 * guided replay's move): its from square slowly (`hint`) and its landing squares, a capture's one
 * after the other in the order of its route (`route.lit`), the pieces it takes fast (`remove`);
 * while another move made for it is put right, that move's pieces to take back (`clear` where
 * it went, `fill` where it came from and the pieces it took); nothing else.
 */
export function computerMarks(c: ComputerState, squares: number): (LedMark | null)[] {
  const marks: (LedMark | null)[] = Array.from({ length: squares }, () => null);
  const m = shownMove(c);
  if (!m) return marks;
  if (c.putRight && c.activity === 'showing') {
    marks[c.putRight.to] = 'clear';
    for (const sq of [c.putRight.from, ...c.putRight.captured]) marks[sq] = 'fill';
    return marks;
  }
  for (const sq of m.captured) marks[sq] = 'remove';
  const lit = m.path.length > 1 && c.route?.move === m ? [m.path[c.route.lit % m.path.length]] : m.path;
  for (const sq of [m.from, ...lit]) marks[sq] = 'hint';
  return marks;
}

/** A capture's landing squares are lit this long each (ms of board time), in the order of its route, then again from the first. */
export const ROUTE_STEP_MS = 500;

/** The computer at board time `now`: the landing square of the capture shown that is lit now (the same state when nothing changed). */
export function routeAt(c: ComputerState, now: number): ComputerState {
  const m = shownMove(c);
  if (!m || m.path.length < 2) return c.route ? { ...c, route: null } : c;
  if (c.route?.move !== m) return { ...c, route: { move: m, since: now, lit: 0 } };
  const lit = Math.floor(Math.max(0, now - c.route.since) / ROUTE_STEP_MS) % m.path.length;
  return lit === c.route.lit ? c : { ...c, route: { ...c.route, lit } };
}

/**
 * The computer as the view shows it: the move shown (PDN text, from, to, the route: from and
 * every landing square, the pieces taken, in the variant's notation); its score and line only
 * where analysis is shown (`analysis`: never under the tournament policy).
 */
export function computerView(c: ComputerState, referee: RefereeState | null, analysis: boolean): EngineView {
  const { side, name, level } = c.config;
  const m = c.activity === 'showing' && referee ? c.move : null;
  const shown = analysis && m !== null;
  return { side, name, level, state: c.activity, move: m && referee ? moveView(currentPosition(referee.game), m) : null, score: shown ? c.score : null, pv: shown ? c.pv : null };
}

function moveView(pos: Position, m: Move): EngineView['move'] {
  const name = (sq: number) => squareName(pos.variant, sq);
  return { text: formatMove(pos, m), from: name(m.from), to: name(m.to), route: [m.from, ...m.path].map(name), captured: m.captured.map(name) };
}
