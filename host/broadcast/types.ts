// What a broadcast carries (issue 15): one board's state as its host publishes it, to the relay's
// store directly (one host) or through an MQTT broker (many hosts), and as viewers receive it.
//
// A host publishes the whole state of a board every time it changes (a move, an irregularity,
// a decision, a result, the link lost or back), never a difference: a state received twice, or
// again after a host restarts and republishes, changes nothing, and the last one received is the
// board as it stands. The relay numbers the changes it sees (BoardEvent.rev) for the viewers.

import type { IrregularityView } from '../game/types.ts';

/** Where a board is: its event, round and number (1..), as the pairings give them. */
export interface BoardAddress {
  readonly event: string;
  readonly round: string;
  readonly board: number;
}

/** One move that stands, as viewers list it. */
export interface BroadcastMove {
  /** 1-based. */
  readonly ply: number;
  readonly side: 'white' | 'black';
  /** PDN text (`32-28`, `27x38`; `--` for an irregular move no single piece made). */
  readonly text: string;
  /** An irregular move that stands (accepted, or played on, FMJD 5.7): its code and article. */
  readonly irregular: { readonly code: string; readonly article: string } | null;
}

/** One board's game as it stands: what a host publishes and a viewer draws. */
export interface BoardState extends BoardAddress {
  readonly variant: string;
  /** 10 or 8. */
  readonly size: number;
  readonly players: { readonly white: string; readonly black: string };
  /** The game's position now: one character per dark square in number order, `w` `W` `b` `B` `.` (PlayView.startBoard's format). */
  readonly position: string;
  readonly turn: 'white' | 'black';
  readonly moves: readonly BroadcastMove[];
  /** The last move that stands: its squares (from, landings, to) and the captured pieces' squares. */
  readonly lastMove: { readonly squares: readonly string[]; readonly captured: readonly string[] } | null;
  /** The clocks at `t` (ms left; the running one runs on from `t`); null without a time control. */
  readonly clock: { readonly white: number; readonly black: number; readonly running: 'white' | 'black' | null; readonly control: string } | null;
  readonly result: { readonly result: string; readonly reason: string; readonly article: string } | null;
  /** An irregularity as the arbiter sees it: waiting for the opponent's decision, being corrected, or noted last. */
  readonly irregularity: IrregularityView | null;
  /** The board's link: `connected`, `lost`... (PlayView.link.state): a board dropping out is shown, not hidden. */
  readonly link: string;
  /** The live scoresheet (PDN), as `dambord play` writes it. */
  readonly pdn: string;
  /** When this state was made, in ms since the epoch (Date.now on the host): the broadcast delay counts from it. */
  readonly t: number;
}

/** A board's state as the relay keeps it: numbered per board (1.. for each change it saw). */
export interface BoardEvent extends BoardState {
  readonly rev: number;
}

/**
 * A board's state as viewers receive it: without the scoresheet, which the feeds serve
 * (`/feed/board/N.pdn`). Every move and the clocks are in the state itself; the PDN would double
 * what each of a thousand viewers receives at every move.
 */
export type ViewerBoard = Omit<BoardEvent, 'pdn'>;

/** The round as a viewer's first message (and the answer to a reconnect that asks too far back). */
export interface RoundSnapshot {
  /** The id of the last change in it: a viewer that fetched it gets what follows with this Last-Event-ID. */
  readonly id: string;
  readonly event: string;
  readonly round: string;
  /**
   * The round's date and site as the boards' scoresheets give them (their `Date` and `Site` tags,
   * the first board's that knows it); '' when none does (`?`, `????.??.??` or no tag).
   */
  readonly date: string;
  readonly site: string;
  /** The broadcast delay in ms (0: live): moves and clocks are shown this long after they happen. */
  readonly delayMs: number;
  /** Every board's last state, in board order. */
  readonly boards: readonly ViewerBoard[];
  /**
   * The dark squares of each variant's board in number order, for drawing: the square's name,
   * row from the top and column from White's left (PlayView.squares' `name`, `row`, `col`).
   */
  readonly layouts: Readonly<Record<string, readonly { readonly name: string; readonly row: number; readonly col: number }[]>>;
}
