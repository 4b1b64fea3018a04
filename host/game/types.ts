import type { BoardButton, LinkHealth } from '../link/types.ts';
import type { LedPattern } from '../link/types.ts';
import type { LedMark } from './leds/guidance.ts';
import type { QueryName } from './queries.ts';
import type { Said } from '../words/said.ts';
import type { Settings } from './settings.ts';

/**
 * What `dambord play` shows of a game, as one JSON-able value: the web page renders it whole
 * each time it changes (server-sent events), and tests read it. Its sentences are in the game's
 * language, each with its words beside it (`said`: message id and values, host/words/said.ts),
 * from which the page says them in its own language (a view without them, made by hand, is
 * shown as its text).
 */
export interface PlayView {
  readonly variant: string;
  /** 10 or 8. */
  readonly size: number;
  /** The dark squares in number order (index = number - 1). */
  readonly squares: readonly SquareView[];
  /** The scoresheet's header as people read it; '' where unknown. `date` as PDN writes it (2026.11.24). */
  readonly header: { readonly event: string; readonly site: string; readonly date: string; readonly round: string };
  /**
   * The position the game started from: one character per dark square in number order, `w` a
   * white man, `W` a white king, `b` a black man, `B` a black king, `.` empty.
   */
  readonly startBoard: string;
  /** Every move that stands, in order (regular moves and irregular ones accepted or played on). */
  readonly moves: readonly MoveView[];
  readonly turn: 'white' | 'black';
  readonly players: { readonly white: string; readonly black: string };
  /**
   * The clocks, in ms: each side's time left; in the English laws' time per move (`control`
   * `laws`) the time to the call, and for the side in `called` (time called, laws 24, 25) the
   * minute left to the loss through improper delay. `called` only in that time control.
   */
  readonly clock: { readonly white: number; readonly black: number; readonly running: 'white' | 'black' | null; readonly control: string; readonly called?: 'white' | 'black' | null } | null;
  /** An irregularity waiting for the opponent's decision or being corrected, or noted last (until the next move). */
  readonly irregularity: IrregularityView | null;
  /**
   * What the board shows that the referee will judge once play goes on (the clock, the opponent
   * moving), told before it is decided: a complete move that is irregular, or a board no move
   * explains ("White played 33-29 although a capture was compulsory. Black decides once White
   * presses the clock or Black moves."). Empty while the board shows the game or a legal move, a
   * piece of the side to move is in the hand, or a capture's pieces are being taken off.
   */
  readonly foresight: readonly ForesightView[];
  /**
   * A touch-move obligation in force (FMJD 3.11): the piece the side to move touched and must
   * play, e.g. carried over after a correction (5.8), or touched and put back this turn.
   */
  readonly obligation: { readonly side: 'white' | 'black'; readonly square: string; readonly article: string; readonly message: string; readonly said?: Said } | null;
  /**
   * The captures the side to move must choose from (FMJD 4.2, 4.13), in PDN, and the sentence
   * ("Black must capture: 27x38", "White must capture: 28x17 or 28x19"); null when no capture
   * is possible or the game is not in play.
   */
  readonly compulsory: { readonly side: 'white' | 'black'; readonly moves: readonly string[]; readonly article: string; readonly message: string; readonly said?: Said } | null;
  /** The last move that stands: its squares (from, every landing square, to) and the pieces it captured; null before the first. */
  readonly lastMove: { readonly squares: readonly string[]; readonly captured: readonly string[] } | null;
  /**
   * The board does not show the game: squares to clear and to fill (setting up the start
   * position, a mismatch, or a correction). `message` says it in one sentence ("Put the
   * position back: take the piece off 30, put a white man on 34.").
   */
  readonly guidance: { readonly kind: 'setup' | 'mismatch' | 'correction'; readonly clear: readonly string[]; readonly fill: readonly string[]; readonly message: string; readonly said?: Said } | null;
  /** The result (`2-0`), why, in words (`reason`, and as words `said`), and the article. */
  readonly result: { readonly result: string; readonly reason: string; readonly article: string; readonly said?: Said } | null;
  /** A draw offered by this side and not yet answered: it stands until the opponent moves. */
  readonly drawOffer: 'white' | 'black' | null;
  /** The live scoresheet. */
  readonly pdn: string;
  /** Whether the board is the simulator (the page then acts as the hands). */
  readonly simulated: boolean;
  /**
   * A game recorded from its paper scoresheet (`dambord digitise`, the digitise policy): the page
   * offers Take back, and the result is given by the secretary.
   */
  readonly recording: boolean;
  /** A game recorded from its sheet with the sheet guiding it (`dambord digitise --guide`): what the sheet asks for now; null otherwise. */
  readonly guide: GuideView | null;
  /** The board link: its state, health and the board's firmware as it named itself (null before it did). */
  readonly link: { readonly state: string; readonly health: LinkHealth | null; readonly firmware: string | null };
  /** Messages for people, newest last (irregularities, link events, results): sentences, never raw data. */
  readonly log: readonly string[];
  /** A file name for the PDN download: `2026.11.24 Wit - Zwart.pdn`, letters, digits, spaces and `.,-_()'` only. */
  readonly pdnName: string;
  /**
   * The settings of the game at the board (host/game/settings.ts), where the page may set them
   * (`dambord play`): those of this game, those asked for the next one (null: none asked), and
   * whether this game's are fixed (a move made, a result, or a game resumed).
   */
  readonly settings?: SettingsView;
  /** The computer seated at the board (`dambord play --engine`): what it is doing; absent or null when people play both sides. */
  readonly engine?: EngineView | null;
}

/** What the computer at the board is doing, as the page, the terminal and tests read it. */
export interface EngineView {
  readonly side: 'white' | 'black';
  /** Its name on the scoresheet (`dambord, level 5`, or an external engine's own). */
  readonly name: string;
  /** The built-in engine's level (1..10); null for an external engine. */
  readonly level: number | null;
  /** `thinking` on its move, `showing` its move until the hands have made it, `idle` on the player's turn. */
  readonly state: 'thinking' | 'showing' | 'idle';
  /**
   * The move shown, waiting to be made on the board, squares in the variant's notation:
   * `{ text: '32x12', from: '32', to: '12', route: ['32', '21', '12'], captured: ['27', '17'] }`
   * (`route`: from and every landing square); null unless showing.
   */
  readonly move: { readonly text: string; readonly from: string; readonly to: string; readonly route: readonly string[]; readonly captured: readonly string[] } | null;
  /** The engine's score of the move shown, for the side to move (`men`: men ahead; `win`/`loss` in so many plies); null when analysis is not shown (the tournament policy) or none. */
  readonly score: { readonly kind: 'men'; readonly value: number } | { readonly kind: 'win' | 'loss'; readonly plies: number } | null;
  /** Its principal variation in PDN, the move shown first; null when analysis is not shown or none. */
  readonly pv: readonly string[] | null;
}

/** The settings the page shows and sets: this game's, the next game's, and whether this game's may still change. */
export interface SettingsView {
  readonly current: Settings;
  readonly next: Settings | null;
  readonly fixed: boolean;
}

/** What the sheet of a guided replay asks for (host/game/guided.ts), as the page and the terminal say it. */
export interface GuideView {
  /** `move`: the next move; `slip`: the written move cannot be played, the likeliest candidates shown; `end`: every written move played. */
  readonly kind: 'move' | 'slip' | 'end';
  /** The ply asked for (from 1). */
  readonly ply: number;
  /** One sentence: `ply 17: 32-28`, or `ply 17: the sheet has 23-28, which cannot be played; most likely 32-28 (23 for 32, digits swapped), ...`. */
  readonly message: string;
  /** The from and to squares the LEDs light for it, in the variant's notation. */
  readonly squares: readonly string[];
  /** The moves played otherwise than written so far, in words (`ply 17: the sheet has 23-28; 32-28 was played (...)`). */
  readonly repairs: readonly string[];
}

/** One move of the move list: a move that stands. */
export interface MoveView {
  /** 1-based, in the order the moves stand. */
  readonly ply: number;
  readonly side: 'white' | 'black';
  /**
   * PDN text (`32-28`, `27x38`); for an irregular move accepted that is no legal move, from-to
   * of the piece that moved (`32-22`, `27x38` when it took pieces), or `--` when no single
   * piece moved (pieces taken off, a piece of each side moved).
   */
  readonly text: string;
  /** The board after this move, in the {@link PlayView.startBoard} format (for stepping through the game). */
  readonly board: string;
  /** The squares of the move: from, every landing square, to. */
  readonly squares: readonly string[];
  /** The squares of the pieces it captured (or, for an irregular move, the pieces that left the board). */
  readonly captured: readonly string[];
  /** An irregular move that stands (accepted by the opponent, or by playing on, FMJD 5.7): its code and article; null for a regular move. */
  readonly irregular: { readonly code: string; readonly article: string } | null;
  /**
   * What else happened on this move, in words, as the PDN comments say it: irregularities
   * noted or corrected, decisions, corrections, draw offers. Those before the first move are
   * on the first move.
   */
  readonly notes: readonly string[];
  /**
   * What happened after this move and before the next, in words: on the next side's turn (an
   * attempt of that side corrected, a draw offered or declined, the draw accepted).
   */
  readonly after: readonly string[];
}

/** One thing the referee will judge once play goes on (host/game/referee/foresee.ts). */
export interface ForesightView {
  /** The irregularity's code, or `mismatch` for a board no move explains. */
  readonly code: string;
  /** Its article in the variant's rulebook; null for a mismatch. */
  readonly article: string | null;
  /** One sentence in the game's language: what was done and who will decide when. */
  readonly message: string;
  /** The side that will decide (the opponent of the side that made it, FMJD 5.4); null when it will only be noted, or for a mismatch. */
  readonly decides: 'white' | 'black' | null;
  /** The squares it names, in the variant's notation. */
  readonly squares: readonly string[];
  /** `message` as words, which the page says in its own language (host/words/said.ts). */
  readonly said: Said;
}

/** An irregularity as the page shows it to the players and the arbiter (FMJD 5.4). */
export interface IrregularityView {
  readonly code: string;
  /** Its article in the variant's rulebook. */
  readonly article: string;
  /** One sentence in the game's language, squares in words ("White touched the piece on 31 and moved the piece on 32 instead: the touched piece must be played."). */
  readonly message: string;
  /** `decide`: the opponent chooses accept or correct; `note`: recorded, play goes on. */
  readonly decision: 'decide' | 'note';
  /** Where it stands: waiting for the decision, being corrected (after Correct), or settled (a note). */
  readonly status: 'pending' | 'correcting' | 'noted';
  /** The side that decides: the opponent of the side that made it (FMJD 5.4); null for a note. */
  readonly decides: 'white' | 'black' | null;
  /**
   * What each choice does, in words (accept: "32-22 stands and Black moves next"; correct:
   * "the position before the move is put back and White plays again, with the piece on 31
   * (touched, 3.11)"); null for a note, and once decided (being corrected).
   */
  readonly choices: { readonly accept: string; readonly correct: string } | null;
  /** What the rules required instead, in words ("White must capture: 27x38", "White must play the piece on 31 (touched, 3.11)"); null when nothing in particular. */
  readonly required: string | null;
  /** The sentences above as words, to say in another language: `message` (its sentences, one after the other), `required` and `choices`, null where they are. */
  readonly said?: { readonly message: readonly Said[]; readonly required: Said | null; readonly choices: { readonly accept: Said; readonly correct: Said } | null };
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
  /** Why its LED is lit: the LED layer it belongs to (host/game/leds/guidance.ts), which the page draws each its own way; null when unlit. */
  readonly mark: LedMark | null;
}

/** What the people at the board (or the page, standing in for hands on the simulator) do. */
export type PlayCommand =
  | { readonly type: 'lift' | 'place'; readonly square: string }
  | { readonly type: 'press'; readonly button: BoardButton }
  | { readonly type: 'resign'; readonly color: 'white' | 'black' }
  /** With `color`: that side offers a draw (accepted by an offer of the other side); without: a draw agreed by both (FMJD 7.3.1). */
  | { readonly type: 'draw'; readonly color?: 'white' | 'black' }
  /** `color`, offered a draw by the other side, declines it at once (playing on declines it too). */
  | { readonly type: 'decline-draw'; readonly color: 'white' | 'black' }
  /**
   * After the result: the next game at the same board, the board set up again; the players named
   * (`dambord digitise`: the next scoresheet's), or, not named, the same players colours swapped.
   */
  | { readonly type: 'new-game'; readonly white?: string; readonly black?: string }
  /**
   * The players' names, Event, Site, Round, time control, policy and language: of this game
   * while no move is made (it is set up again, on a journal of its own), else of the next.
   */
  | { readonly type: 'settings'; readonly settings: Settings }
  /** A game being recorded (the digitise policy): the last move taken back, the LEDs guiding its pieces back. */
  | { readonly type: 'takeback' }
  /** Against the computer (`dambord play --engine`): the player's last move and the computer's reply taken back, the LEDs guiding the pieces back. */
  | { readonly type: 'take-back' }
  /** Against the computer: the engine's best move for the player, shown on the LEDs and said. */
  | { readonly type: 'hint' }
  /** A game being recorded: its result as the scoresheet gives it (`2-0`, `0-2`, `1-1`; `1-0`... in the 8x8 variants). */
  | { readonly type: 'result'; readonly result: string }
  /**
   * A question that touches nothing (host/game/queries.ts): answered in words (spoken too when
   * the game speaks). `square` for `square` and `diagonals`, in the variant's notation; `count`
   * for `last`.
   */
  | { readonly type: 'query'; readonly what: QueryName; readonly square?: string; readonly count?: number }
  /**
   * The computer at the board (`dambord play --engine`): the side it plays and the built-in
   * engine's level (1..10), either left as it is when absent; only while no move is made (the
   * game is set up again, its journal's header naming the computer), refused otherwise.
   */
  | { readonly type: 'computer'; readonly side?: 'white' | 'black'; readonly level?: number };

/** A game being played: the web server and the CLI talk to it through this. */
export interface PlaySession {
  view(): PlayView;
  /** Called after every change of the view. Returns a function that stops the calls. */
  subscribe(listener: (view: PlayView) => void): () => void;
  /**
   * Carries out a command: on the simulator, lift/place/press move the simulated switches and
   * buttons (the firmware then reports them); on a real board they are refused (the hands are
   * real). accept/correct presses and resign/draw work on both. A query resolves with its
   * answer in `text`. Resolves with an error message for people when refused.
   */
  command(c: PlayCommand): Promise<{ ok: true; text?: string } | { ok: false; error: string }>;
}
