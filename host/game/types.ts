import type { BoardButton, LinkHealth } from '../link/types.ts';
import type { LedPattern } from '../link/types.ts';

/**
 * What `dambord play` shows of a game, as one JSON-able value: the web page renders it whole
 * each time it changes (server-sent events), and tests read it.
 */
export interface PlayView {
  readonly variant: string;
  /** 10 or 8. */
  readonly size: number;
  /** The dark squares in number order (index = number - 1). */
  readonly squares: readonly SquareView[];
  /** Moves in PDN notation, in order, with the side that played each. */
  readonly moves: readonly { readonly ply: number; readonly side: 'white' | 'black'; readonly text: string }[];
  readonly turn: 'white' | 'black';
  readonly players: { readonly white: string; readonly black: string };
  readonly clock: { readonly white: number; readonly black: number; readonly running: 'white' | 'black' | null; readonly control: string } | null;
  /** An irregularity waiting for the opponent's decision, or noted last. */
  readonly irregularity: { readonly code: string; readonly article: string; readonly message: string; readonly decision: 'decide' | 'note' } | null;
  /**
   * The board does not show the game: squares to clear and to fill (setting up the start
   * position, a mismatch, or a correction).
   */
  readonly guidance: { readonly kind: 'setup' | 'mismatch' | 'correction'; readonly clear: readonly string[]; readonly fill: readonly string[]; readonly message: string } | null;
  readonly result: { readonly result: string; readonly reason: string; readonly article: string } | null;
  /** A draw offered by this side and not yet answered: it stands until the opponent moves. */
  readonly drawOffer: 'white' | 'black' | null;
  /** The live scoresheet. */
  readonly pdn: string;
  /** Whether the board is the simulator (the page then acts as the hands). */
  readonly simulated: boolean;
  /** The board link: its state, health and the board's firmware as it named itself (null before it did). */
  readonly link: { readonly state: string; readonly health: LinkHealth | null; readonly firmware: string | null };
  /** Messages for people, newest last (irregularities, link events, results). */
  readonly log: readonly string[];
}

/** One dark square as the page draws it. */
export interface SquareView {
  /** The square's name in the variant's notation (`32`, `c3`). */
  readonly name: string;
  /** Row from the top and column from White's left, for drawing. */
  readonly row: number;
  readonly col: number;
  /** The piece the game has there: `wm` `wk` `bm` `bk`, or null. */
  readonly piece: 'wm' | 'wk' | 'bm' | 'bk' | null;
  /** Whether the board senses a piece there now (differs from `piece` while hands move). */
  readonly sensed: boolean;
  readonly led: LedPattern;
}

/** What the people at the board (or the page, standing in for hands on the simulator) do. */
export type PlayCommand =
  | { readonly type: 'lift' | 'place'; readonly square: string }
  | { readonly type: 'press'; readonly button: BoardButton }
  | { readonly type: 'resign'; readonly color: 'white' | 'black' }
  /** With `color`: that side offers a draw (accepted by an offer of the other side); without: a draw agreed by both (FMJD 7.3.1). */
  | { readonly type: 'draw'; readonly color?: 'white' | 'black' }
  /** After the result: the next game at the same board, colours swapped, the board set up again. */
  | { readonly type: 'new-game' };

/** A game being played: the web server and the CLI talk to it through this. */
export interface PlaySession {
  view(): PlayView;
  /** Called after every change of the view. Returns a function that stops the calls. */
  subscribe(listener: (view: PlayView) => void): () => void;
  /**
   * Carries out a command: on the simulator, lift/place/press move the simulated switches and
   * buttons (the firmware then reports them); on a real board they are refused (the hands are
   * real). accept/correct presses and resign/draw work on both. Resolves with an error message
   * for people when refused.
   */
  command(c: PlayCommand): Promise<{ ok: true } | { ok: false; error: string }>;
}
