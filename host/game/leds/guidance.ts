/**
 * LED guidance: what the square LEDs show, from the referee's state (brief: "LEDs that show the
 * last move, mandatory captures, and how to put a disturbed position right"). Pure: no I/O, no
 * clock. Blinking is the firmware's job (`slow`, `fast`, `alternate` patterns), so no time is
 * needed here; the caller sends the frame with the link's LED command whenever it changes.
 *
 * Precedence, highest first. The first three layers own the whole frame, because there every lit
 * square is an instruction and a stray light would be read as one; the others are laid over
 * each other square by square, a higher layer winning where two light the same square.
 *
 * | layer (mark)                            | squares                                  | pattern     |
 * |-----------------------------------------|------------------------------------------|-------------|
 * | correction / mismatch (5.4, 5.8)        | the first step: a square to clear ...    | `fast`      |
 * |   (`clear`, `fill`)                     | ... or, when none is left, one to fill   | `alternate` |
 * | decision pending (5.4) (`flagged`)      | the squares the irregularity names       | `slow`      |
 * | irregularity foreseen (`flagged`)       | the squares a complete irregular move    | `slow`      |
 * |                                         | names before play goes on judges it      |             |
 * | capture in progress (4.11) (`remove`)   | captured pieces still on the board       | `fast`      |
 * | touch-move obligation (3.11, 5.8)       | the piece the side to move must play:    | `alternate` |
 * |   (`obligation`)                        | carried over by a correction, or touched |             |
 * |                                         | and put back this turn                   |             |
 * | compulsory capture (4.2, 4.13)          | the pieces that must capture             | `slow`      |
 * |   (`capture`)                           |                                          |             |
 * | hints (option, never in tournament)     | legal destinations of the lifted piece   | `slow`      |
 * |   (`hint`)                              |                                          |             |
 * | overlay (a guided replay's sheet,       | the move asked for: from and to (`hint`),| `slow`,     |
 * |   host/game/guided.ts)                  | the pieces it takes (`remove`)           | `fast`      |
 * | last move (`last`)                      | from, every landing square, to           | `on`        |
 *
 * The obligation blinks `alternate`, slowly in the opposite phase to `slow`: beside compulsory
 * captures (which it wins over on the same square) the two are seen apart, and it is not the
 * `fast` that everywhere else asks for a piece to be taken off. The `mark` of each square in
 * the page's view is the layer its LED belongs to, so the page draws what the board lights.
 *
 * @example
 * let g = NO_GUIDANCE;
 * const r = step(referee, event);
 * g = observe(g, r.outputs);
 * await link.setLeds(ledFrame(r.state, g, { hints: false }));
 */
import type { Position } from '../../../rules/index.ts';
import { colorBit } from '../../../rules/index.ts';
import type { LedFrame, LedPattern } from '../../link/types.ts';
import type { RefereeState } from '../referee/referee.ts';
import { boardTarget, refereePosition } from '../referee/referee.ts';
import { hintsShown } from '../referee/policy.ts';
import { foresee } from '../referee/foresee.ts';
import type { RefereeOutput } from '../referee/types.ts';

/** Display options chosen by the players or the arbiter. */
export interface GuidanceOptions {
  /**
   * Light the legal destinations of a lifted piece (default `false`). Ignored under the
   * `tournament` policy: a board that shows legal moves would be playing for the player.
   */
  readonly hints?: boolean;
  /**
   * Marks laid over the last move and under every other layer, square by square (null: none):
   * what a guided replay's sheet asks for (host/game/guided.ts). Never shown while a correction,
   * a decision or a capture under way owns the frame, nor once the game is over.
   */
  readonly overlay?: readonly (LedMark | null)[];
}

/**
 * What the guidance remembers from the referee's outputs: the squares of the irregularities
 * waiting for the opponent's decision (the referee's state keeps the decision, not the squares).
 * Everything else is read from the referee's state.
 */
export interface Guidance {
  /** Internal square indices named by irregularities with `decision: 'decide'`, in order, no repeats. */
  readonly flagged: readonly number[];
}

/** The guidance of a fresh game: nothing flagged. */
export const NO_GUIDANCE: Guidance = { flagged: [] };

/** One step of a correction (FMJD 5.8: the position is restored wholly, one square at a time). */
export type CorrectionStep = { readonly kind: 'clear' | 'fill'; readonly square: number } | null;

/**
 * The guidance after the referee said `outputs` (feed it the outputs of every `step`, in order).
 * A `decide` irregularity adds its squares; anything that settles the decision (a move, an
 * acceptance, a correction plan, a result) clears them.
 */
export function observe(g: Guidance, outputs: readonly RefereeOutput[]): Guidance {
  let flagged = g.flagged;
  for (const o of outputs) {
    switch (o.type) {
      case 'irregularity':
        if (o.decision === 'decide') for (const sq of o.squares) if (!flagged.includes(sq)) flagged = [...flagged, sq];
        break;
      case 'move':
      case 'accepted':
      case 'correction':
      case 'corrected':
      case 'matched':
      case 'result':
        flagged = [];
        break;
      default:
        break;
    }
  }
  return flagged === g.flagged ? g : { flagged };
}

/** Why a square's LED is lit: the layer of the module comment's table it belongs to. */
export type LedMark = 'clear' | 'fill' | 'flagged' | 'remove' | 'capture' | 'obligation' | 'hint' | 'last';

/** The pattern each layer blinks (the module comment's table). */
export const MARK_PATTERN: Readonly<Record<LedMark, LedPattern>> = {
  clear: 'fast',
  fill: 'alternate',
  flagged: 'slow',
  remove: 'fast',
  obligation: 'alternate',
  capture: 'slow',
  hint: 'slow',
  last: 'on',
};

/** The frame of `marks`: each lit square blinks its layer's pattern. */
export function frameOf(marks: readonly (LedMark | null)[]): LedFrame {
  return marks.map((m) => (m ? MARK_PATTERN[m] : 'off'));
}

/**
 * The frame the LEDs should show now: one pattern per square index, as long as the board has
 * dark squares. See the module comment for the layers and their precedence.
 */
export function ledFrame(s: RefereeState, g: Guidance = NO_GUIDANCE, options: GuidanceOptions = {}): LedFrame {
  return frameOf(ledMarks(s, g, options));
}

/** The layer each square's LED is lit for now (null: off): what {@link ledFrame} shows, by reason. */
export function ledMarks(s: RefereeState, g: Guidance = NO_GUIDANCE, options: GuidanceOptions = {}): (LedMark | null)[] {
  const pos = refereePosition(s);
  const marks: (LedMark | null)[] = Array.from({ length: pos.variant.geometry.squares }, () => null);
  const mode = s.mode;

  // A correction (5.4 "correct", restored wholly per 5.8) or a board the referee cannot explain:
  // only the next step is lit, so hands are never asked to do two things at once.
  if (mode.kind === 'correcting' || mode.kind === 'mismatch') {
    const next = correctionStepOf(s);
    if (next) marks[next.square] = next.kind;
    return marks;
  }

  // The opponent decides (5.4): show what the irregularity is about, nothing else.
  if (mode.kind === 'decide') {
    for (const sq of g.flagged) marks[sq] = 'flagged';
    return marks;
  }

  // A capture under way (4.11: the captured pieces are removed once the capturing piece has
  // landed): the pieces still to take off blink, alone.
  if (mode.kind === 'play') {
    const remove = piecesToRemove(s);
    if (remove.length > 0) {
      for (const sq of remove) marks[sq] = 'remove';
      return marks;
    }
  }

  // Lowest first, so higher layers overwrite.
  const last = s.game.moves[s.game.moves.length - 1];
  if (last) for (const sq of [last.from, ...last.path]) marks[sq] = 'last';
  if (mode.kind !== 'play') return marks; // the game is over: the last move stays lit
  options.overlay?.forEach((m, sq) => {
    if (m) marks[sq] = m;
  });

  if (options.hints === true && hintsShown(s.policy) && s.hand.length > 0) {
    for (const from of liftedMovers(s, pos)) for (const m of s.legal) if (m.from === from) marks[m.to] = 'hint';
  }
  // 4.2: capturing is compulsory; 4.13: only the pieces that can take the most may capture
  // (the referee's legal moves already apply the variant's choice of capture).
  for (const m of s.legal) if (m.captured.length > 0) marks[m.from] = 'capture';
  // 3.11: the touched piece must be played; 5.8: a correction carries the obligation over.
  const must = obligationSquare(s);
  if (must !== null) marks[must] = 'obligation';
  // A complete move the clock or the opponent's move will flag: its squares blink as a flagged
  // irregularity's will, before anyone decides (referee/foresee.ts).
  for (const f of foresee(s)) if (f.kind === 'irregularity') for (const sq of f.squares) marks[sq] = 'flagged';
  return marks;
}

/**
 * The piece the side to move must play by touch-move (FMJD 3.11), standing on its square: the
 * obligation a correction carried over (5.8), or the first piece with a legal move touched this
 * turn and put back. Null when none, while the piece is in the hand (it is being played), or
 * when the referee is not following play.
 */
export function obligationSquare(s: RefereeState): number | null {
  if (s.mode.kind !== 'play') return null;
  const sq = s.obligation ?? s.touched[0] ?? null;
  if (sq === null || s.sensed[sq] === 0 || s.hand.length > 0) return null;
  return sq;
}

/**
 * The step the LEDs ask for while a correction is under way (5.4 "correct", 5.8) or the board
 * does not show the game, with the position it brings the board to; null at other times, or
 * when the board already shows it. The LEDs light it, speech says it.
 */
export function correctionStepOf(s: RefereeState): (NonNullable<CorrectionStep> & { readonly target: Position }) | null {
  if (s.mode.kind !== 'correcting' && s.mode.kind !== 'mismatch') return null;
  const target = boardTarget(s)!;
  const next = nextCorrectionStep(s.sensed, target);
  return next && { ...next, target };
}

/**
 * The first step that brings the board from `sensed` to `target`: the lowest square to clear,
 * or, when nothing is left to clear, the lowest square to fill; null when they agree.
 *
 * Clearing first: the piece to clear is usually the very piece to put back (a move taken back:
 * lift it from where it went, put it where it was), so the hand follows its natural motion and
 * holds the piece the fill then asks for; a fill first would send the player looking for a
 * piece still standing on the board. Square order: the same board always gives the same step,
 * and players read the squares by their numbers.
 */
export function nextCorrectionStep(sensed: Uint8Array, target: Position): CorrectionStep {
  let fill = -1;
  for (let sq = 0; sq < sensed.length; sq++) {
    if (sensed[sq] !== 0 && target.board[sq] === 0) return { kind: 'clear', square: sq };
    if (fill < 0 && sensed[sq] === 0 && target.board[sq] !== 0) fill = sq;
  }
  return fill < 0 ? null : { kind: 'fill', square: fill };
}

/**
 * During a capture (the capturing piece has left its square and stands on a square of the
 * capture's path, some captured pieces already off or none), or after one complete before its
 * pieces were all taken off (Laws 11): the captured pieces still on the board, in square order. When two legal captures fit what the board shows (same landing square,
 * different pieces taken), only the pieces both would take are shown; the player's next removal
 * settles which capture it is. Empty when no capture is under way.
 */
export function piecesToRemove(s: RefereeState): number[] {
  if (s.mode.kind !== 'play') return [];
  // Captured pieces of the last move still on the board (the capture was complete, Laws 11).
  if (!s.leftover.isEmpty()) return s.leftover.toArray().sort((a, b) => a - b);
  const pos = refereePosition(s);
  const added: number[] = [];
  const removed = new Set<number>();
  for (let sq = 0; sq < s.sensed.length; sq++) {
    const was = pos.board[sq] !== 0;
    const is = s.sensed[sq] !== 0;
    if (is && !was) added.push(sq);
    else if (was && !is) removed.add(sq);
  }
  if (added.length !== 1 || (s.sensed[added[0]] & colorBit(pos.turn)) === 0) return [];
  const at = added[0];
  const fits = s.legal.filter(
    (m) => m.captured.length > 0 && removed.has(m.from) && m.path.includes(at) && [...removed].every((sq) => sq === m.from || m.capturedSet.has(sq)),
  );
  if (fits.length === 0) return [];
  return fits[0].captured.filter((sq) => !removed.has(sq) && fits.every((m) => m.capturedSet.has(sq))).sort((a, b) => a - b);
}

/** Squares of the side to move whose piece is off the board now and has a legal move. */
function liftedMovers(s: RefereeState, pos: Position): number[] {
  const mine = colorBit(pos.turn);
  const out: number[] = [];
  for (let sq = 0; sq < s.sensed.length; sq++) {
    if (s.sensed[sq] === 0 && (pos.board[sq] & mine) !== 0 && s.legal.some((m) => m.from === sq)) out.push(sq);
  }
  return out;
}
