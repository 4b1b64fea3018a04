import type { Move } from './move.ts';
import { sameMove } from './move.ts';
import { isKing, opposite } from './piece.ts';
import type { Position } from './position.ts';
import { legalMoves, material, play, positionKey } from './position.ts';
import type { Color } from './variant.ts';

/**
 * A game: where it started, what was played, and what the draw rules need to remember.
 * Immutable: every function here returns a new `Game` and never changes its argument.
 *
 * The rules that end a game are read in the variant's own rulebook:
 * - wins: FMJD 7.2.1-7.2.3, Czech cl. 7.2.1-7.2.3, Standard Laws 23;
 * - automatic draws: FMJD 6.1-6.4, Czech cl. 6.1-6.4, the Russian rules in russian.ts;
 * - the claimed draw of Standard Laws 22, modelled by {@link giveNotice};
 * - resignation and agreement: FMJD 7.2.1 and 7.3.1, Czech cl. 7.2.1 and 7.3.1, and the
 *   articles the English variant's `endings` name.
 */
export interface Game {
  /** The position the game started from (the variant's start or a FEN setup). */
  readonly start: Position;
  /** The moves played, in order; `moves[i]` was played in `positions[i]`. */
  readonly moves: readonly Move[];
  /** `positions[0]` is `start`; `positions[i + 1]` is the position after `moves[i]`. */
  readonly positions: readonly Position[];
  /**
   * How often each position (by {@link positionKey}: the pieces and the side to move) has
   * occurred, the current one included (FMJD 6.1, Czech cl. 6.1). Only positions since the
   * last man move or capture are kept: no earlier position can occur again.
   */
  readonly repetitions: ReadonlyMap<string, number>;
  /** The notice of Standard Laws 22, if one was given and not withdrawn. */
  readonly notice: Notice | null;
  /** The ending by resignation or agreement, once there is one; moves are refused after it. */
  readonly ended: Outcome | null;
}

/**
 * Notice given under Standard Laws 22: the stronger side must win within 40 of its own moves
 * counted from here, or the game is drawn.
 */
export interface Notice {
  /** Index in `Game.positions` of the position in which notice was given. */
  readonly ply: number;
  /** The side that must win; null when not named: the draw then comes after 40 moves each. */
  readonly stronger: Color | null;
}

/** Why a game ended. */
export type OutcomeReason =
  /** The side to move has no pieces left (FMJD 7.2.3; Czech cl. 7.2.3; Laws 23). */
  | 'no-pieces'
  /** The side to move has pieces but no legal move (FMJD 7.2.2; Czech cl. 7.2.2; Laws 23). */
  | 'no-moves'
  /** The same position a third time with the same side to move (FMJD 6.1; Czech cl. 6.1). */
  | 'repetition'
  /** Only kings moved, without a capture, for the variant's number of moves (FMJD 6.2; Czech cl. 6.2). */
  | 'king-moves'
  /** An endgame's move limit ran out (FMJD 6.3, 6.4; Czech cl. 6.3, 6.4). */
  | 'endgame'
  /** No win within 40 moves after notice (Standard Laws 22). */
  | 'forty-moves'
  /** A player resigned (FMJD 7.2.1). */
  | 'resignation'
  /** The players agreed a draw (FMJD 7.3.1). */
  | 'agreement';

/** The automatic draw rules, which a caller may leave out on purpose (see {@link OutcomeOptions}). */
export type DrawRuleReason = 'repetition' | 'king-moves' | 'endgame' | 'forty-moves';

/** How a game ended: who won (or `draw`), why, and the article of the variant's rulebook. */
export interface Outcome {
  readonly result: Color | 'draw';
  readonly reason: OutcomeReason;
  /** The article as the variant's rulebook numbers it, e.g. `7.2.3` (FMJD) or `23` (Laws). */
  readonly article: string;
}

export interface OutcomeOptions {
  /** The legal moves of the current position, when the caller has them (saves generating them). */
  readonly legal?: readonly Move[];
  /**
   * Draw rules to leave out, on purpose: a casual game that plays on after a repetition, or a
   * test of one rule alone. Wins, resignations and agreements are always reported.
   */
  readonly ignore?: readonly DrawRuleReason[];
}

/** Why {@link playMove} refused a move. */
export type PlayError = 'illegal-move' | 'game-over';

export type PlayResult = { readonly ok: true; readonly game: Game } | { readonly ok: false; readonly error: PlayError };

/**
 * A game starting from `position` (any position: the variant's start or a FEN setup). Its
 * draw counters start from the position's own (`kingMovePlies`, `endgame`).
 *
 * @example newGame(parseFen(international, international.startFen).position)
 */
export function newGame(position: Position): Game {
  return {
    start: position,
    moves: [],
    positions: [position],
    repetitions: new Map([[positionKey(position), 1]]),
    notice: null,
    ended: null,
  };
}

/** The position now on the board. */
export function currentPosition(game: Game): Position {
  return game.positions[game.positions.length - 1];
}

/**
 * Plays `move` if it is one of the legal moves now: the same start, end and captured set as
 * one of `legalMoves` (a sensor board cannot tell routes apart, so neither does this); the
 * game records the generator's own move. Refuses with `illegal-move` otherwise, and with
 * `game-over` after a resignation or an agreed draw. `legalNow`, the legal moves of the
 * current position when the caller has them, spares generating them again. A move is not refused because
 * {@link outcome} reports a draw or a win: the caller's policy decides whether play goes on
 * (it cannot go on after a win, as the side to move then has no legal move).
 *
 * @example playMove(game, legalMoves(currentPosition(game))[0])
 */
export function playMove(game: Game, move: Move, legalNow?: readonly Move[]): PlayResult {
  if (game.ended) return { ok: false, error: 'game-over' };
  const pos = currentPosition(game);
  const legal = (legalNow ?? legalMoves(pos)).find((m) => sameMove(m, move));
  if (!legal) return { ok: false, error: 'illegal-move' };
  const next = play(pos, legal);
  const key = positionKey(next);
  // A man's move or a capture can never be undone: no earlier position can come back.
  const irreversible = legal.captured.length > 0 || !isKing(pos.board[legal.from]);
  const repetitions = irreversible ? new Map<string, number>() : new Map(game.repetitions);
  repetitions.set(key, (repetitions.get(key) ?? 0) + 1);
  return {
    ok: true,
    game: { ...game, moves: [...game.moves, legal], positions: [...game.positions, next], repetitions },
  };
}

/**
 * Whether the game is over, and how: `null` while it goes on.
 *
 * Wins come first (a side has no pieces left: normally the side to move, but a setup may
 * leave the other side bare; or the side to move has no legal move), then the draws in the
 * order repetition, king moves, endgame, 40 moves after notice; a resignation or an agreed
 * draw recorded by {@link resign} or {@link agreeDraw} is returned as recorded.
 *
 * - Repetition (FMJD 6.1, Czech cl. 6.1): the current position has occurred the variant's
 *   number of times (3) with the same side to move.
 * - King moves (FMJD 6.2: 25 moves each, 50 plies; Czech cl. 6.2: 15 moves, read as 15
 *   each): `Position.kingMovePlies` has reached the variant's limit.
 * - Endgame (FMJD 6.3: 16 moves each; 6.4: 5 moves each; Czech cl. 6.3: 15, cl. 6.4: 5):
 *   `Position.endgame.plies` has reached the limit of the rule in force.
 * - 40 moves (Standard Laws 22): only after {@link giveNotice}; see there.
 *
 * @example outcome(game) // { result: 'white', reason: 'no-pieces', article: '7.2.3' }
 */
export function outcome(game: Game, opts: OutcomeOptions = {}): Outcome | null {
  if (game.ended) return game.ended;
  const pos = currentPosition(game);
  const v = pos.variant;
  const ignore = new Set(opts.ignore ?? []);
  const toMove = material(pos, pos.turn);
  if (toMove.men + toMove.kings === 0) return win(opposite(pos.turn), 'no-pieces', v.endings.noPieces);
  const other = material(pos, opposite(pos.turn));
  if (other.men + other.kings === 0) return win(pos.turn, 'no-pieces', v.endings.noPieces);
  if ((opts.legal ?? legalMoves(pos)).length === 0) return win(opposite(pos.turn), 'no-moves', v.endings.blocked);

  const rules = v.draw;
  if (rules.repetition && !ignore.has('repetition')) {
    if ((game.repetitions.get(positionKey(pos)) ?? 0) >= rules.repetition.count) return draw('repetition', rules.repetition.article);
  }
  if (rules.kingMoves && !ignore.has('king-moves') && pos.kingMovePlies >= rules.kingMoves.plies) {
    return draw('king-moves', rules.kingMoves.article);
  }
  if (pos.endgame && !ignore.has('endgame')) {
    const article = pos.endgame.article;
    const rule = rules.endgames.find((r) => r.article === article);
    if (rule && pos.endgame.plies >= rule.plies) return draw('endgame', article);
  }
  if (rules.claim && game.notice && !ignore.has('forty-moves')) {
    const { ply, stronger } = game.notice;
    const played = game.positions.length - 1 - ply;
    const done = stronger === null ? played >= rules.claim.plies : movesBy(game, stronger, ply) >= rules.claim.plies / 2;
    if (done) return draw('forty-moves', rules.claim.article);
  }
  return null;
}

/**
 * Standard Laws 22: "When one of the sides appears stronger than the other, the stronger
 * party is required to complete the win, or to show, to the satisfaction of the umpire or
 * referee, at least a decided advantage over his opponent within 40 of his own moves - to be
 * counted from the point at which notice was given - failing in which, he must relinquish the
 * game as a draw."
 *
 * The draw is claimed, not automatic: without a notice {@link outcome} never reports it. With
 * one, it reports the draw once the `stronger` side has played 40 moves since the notice
 * (or, when `stronger` is not named, once both sides have played 40 moves: 80 plies).
 *
 * What resets the count: nothing that happens on the board. The law counts "from the point
 * at which notice was given" and names no move (a capture, a man's advance, a crowning) that
 * restarts it; the only other way out it names, showing "a decided advantage" to the umpire,
 * is a judgement, which the caller records with {@link withdrawNotice}. A new notice after
 * that starts a new count; a second notice while one stands changes nothing.
 *
 * In variants whose rules have no such claim (`variant.draw.claim` is null) and after a
 * resignation or agreement, returns the game unchanged.
 */
export function giveNotice(game: Game, stronger: Color | null = null): Game {
  if (game.ended || game.notice || !currentPosition(game).variant.draw.claim) return game;
  return { ...game, notice: { ply: game.positions.length - 1, stronger } };
}

/**
 * Withdraws the Standard Laws 22 notice: the umpire is satisfied that the stronger side has
 * shown "a decided advantage", or the notice is taken back. Returns the game unchanged when
 * there is no notice.
 */
export function withdrawNotice(game: Game): Game {
  return game.notice ? { ...game, notice: null } : game;
}

/**
 * `color` resigns: the opponent wins (FMJD 7.2.1; Czech cl. 7.2.1; the English variant's
 * `endings.resign`). The ending is recorded in the game, {@link outcome} reports it and
 * {@link playMove} refuses further moves. A game already ended by resignation or agreement is
 * returned unchanged.
 */
export function resign(game: Game, color: Color): Game {
  if (game.ended) return game;
  const article = currentPosition(game).variant.endings.resign;
  return { ...game, ended: { result: opposite(color), reason: 'resignation', article } };
}

/**
 * The players agree a draw (FMJD 7.3.1; Czech cl. 7.3.1; the English variant's
 * `endings.drawAgreed`). Recorded like {@link resign}.
 */
export function agreeDraw(game: Game): Game {
  if (game.ended) return game;
  const article = currentPosition(game).variant.endings.drawAgreed;
  return { ...game, ended: { result: 'draw', reason: 'agreement', article } };
}

function movesBy(game: Game, color: Color, fromPly: number): number {
  let n = 0;
  for (let i = fromPly; i < game.positions.length - 1; i++) if (game.positions[i].turn === color) n++;
  return n;
}

function win(result: Color, reason: OutcomeReason, article: string): Outcome {
  return { result, reason, article };
}

function draw(reason: OutcomeReason, article: string): Outcome {
  return { result: 'draw', reason, article };
}
