import type { Move } from '../rules/index.ts';

/**
 * A score from the side to move's point of view: `men` in men (1.00 = a man up, a king worth
 * what the variant's evaluation makes it), or a result the search proved, `plies` plies away
 * (the move that wins or loses counted).
 */
export type Score =
  | { readonly kind: 'men'; readonly value: number }
  | { readonly kind: 'win'; readonly plies: number }
  | { readonly kind: 'loss'; readonly plies: number };

/**
 * What ends a search; any combination, the first reached ends it. With none, the search goes to
 * {@link MAX_DEPTH}.
 * - `timeMs`: the time for this move, in ms of the injected clock; the answer comes within it
 *   (plus 10% at most, issue 30);
 * - `depth`: the nominal depth in plies of the last iteration;
 * - `nodes`: nodes searched (reproducible: with a seed, the same input gives the same answer).
 */
export interface SearchLimits {
  readonly timeMs?: number;
  readonly depth?: number;
  readonly nodes?: number;
}

/** The deepest iteration a search runs. */
export const MAX_DEPTH = 64;

/** One finished iteration of the deepening, as the search reports it. */
export interface SearchInfo {
  readonly depth: number;
  readonly score: Score;
  /** The principal variation from the position searched, its first move the best. */
  readonly pv: readonly Move[];
  readonly nodes: number;
  /** Time used so far, in ms of the injected clock. */
  readonly ms: number;
}

/** What a search answers: the last complete iteration's {@link SearchInfo} and its best move (null when the side to move has no move). */
export interface SearchResult extends SearchInfo {
  readonly best: Move | null;
}

/**
 * How a search is run (everything it needs from outside is passed in: it reads no clock and no
 * random source of its own).
 * - `now`: the clock, in ms (performance.now in a worker, a stepped clock in tests);
 * - `level`: 1..10 (10 = full strength, the default), see engine/levels.ts;
 * - `seed`: the seed of the weak levels' choices;
 * - `onInfo`: called after each complete iteration;
 * - `stopped`: polled now and then; true ends the search with the last complete iteration.
 */
export interface SearchOptions {
  readonly now: () => number;
  readonly level?: number;
  readonly seed?: number;
  readonly onInfo?: (info: SearchInfo) => void;
  readonly stopped?: () => boolean;
}
