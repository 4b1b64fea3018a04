// The game at the board as one pure state machine: what `dambord play`, `dambord replay`, a
// resume and every golden session run. Board events, the players' commands and the passing of
// time go in with the time passed in; what is to be done comes out as effects (journal entries,
// LED frames, sounds, what the referee said, scoresheet lines, messages), for a shell to carry
// out. Nothing here reads a clock, a file or a port.

import type { Color, Game, Position } from '../../rules/index.ts';
import type { LedFrame, BoardEvent } from '../link/types.ts';
import type { Clock, TimedControl } from './clock/clock.ts';
import type { JournalEntry } from './journal/record.ts';
import type { Guided } from './guided.ts';
import type { ComputerState, EngineReply } from './computer.ts';
import type { ComputerConfig } from './computerConfig.ts';
import type { Guidance } from './leds/guidance.ts';
import type { RefereeState } from './referee/referee.ts';
import type { Scoresheet } from './referee/record.ts';
import type { IrregularityCode, Policy, RefereeOutput } from './referee/types.ts';
import type { PlayView } from './types.ts';
import type { Language } from '../words/catalogue.ts';
import type { Said } from '../words/said.ts';

/** What a game is played with: fixed for its whole life (a resume brings it back from the journal's header). */
export interface GameConfig {
  /** The position the board must show before play starts. */
  readonly start: Position;
  readonly policy: Policy;
  readonly players: { readonly white: string; readonly black: string };
  /** The scoresheet's tags, in order (White and Black included when the players are named). */
  readonly tags: readonly { readonly name: string; readonly value: string }[];
  /** The clocks' time control; null: no clock. */
  readonly timeControl: TimedControl | null;
  /** Light the legal destinations of a lifted piece (never in the tournament policy). */
  readonly hints: boolean;
  /** The language of what the game says for people (the log, the view's sentences, the journal's messages); absent: English. */
  readonly lang?: Language;
  /** The computer seated at the board for one side (`dambord play --engine`); absent: people play both sides. */
  readonly computer?: ComputerConfig;
}

/**
 * A game brought back from its journal, waiting for the board: when the board connects, what it
 * senses is checked against the game and every difference is given to the referee as hands
 * would. `lastT` is the board time of the journal's last entry; the resumed board's times are
 * continued from it.
 */
export interface ResumePoint {
  readonly referee: RefereeState;
  readonly lastT: number;
}

/** An irregularity the referee said, as the game keeps it for the view (FMJD 5.4). */
export interface Flagged {
  readonly code: IrregularityCode;
  readonly article: string;
  /** One sentence for people, squares in words (`describe.said`); two when a second irregularity joined the first. */
  readonly message: string;
  /** The sentences of `message` as words, to say in another language (host/words/said.ts). */
  readonly said: readonly Said[];
  readonly decision: 'decide' | 'note';
  /** The side that made it; the opponent decides. */
  readonly side: Color;
  /** The squares the referee named (internal indices). */
  readonly squares: readonly number[];
}

/** The whole game, as a value. */
export interface GameState {
  readonly config: GameConfig;
  /** The referee once the board shows the start position (or the resumed game connected). */
  readonly referee: RefereeState | null;
  /** Before the game starts: the squares the board senses while it does not yet show the start position. */
  readonly setup: ReadonlySet<number> | null;
  /** A resumed game until its board connects. */
  readonly resume: ResumePoint | null;
  readonly guidance: Guidance;
  /** The sheet that guides a game being recorded (`dambord digitise --guide`), moved on by the moves the referee recognises; null without one. */
  readonly guide: Guided | null;
  readonly sheet: Scoresheet;
  readonly clock: Clock | null;
  /** Board time the clock was last read at: the clock's time never goes back. */
  readonly clockT: number;
  /** Board time of the journal's last entry (the scoresheet's time tags are as of then). */
  readonly journalT: number;
  /** The link's state (`connecting`, `connected`, `lost`, `resynced`, `wrong board`) and the board's firmware. */
  readonly link: { readonly state: string; readonly firmware: string | null };
  /** The irregularity said last: until it is accepted or corrected, or, a note, until the next move. */
  readonly irregularity: Flagged | null;
  readonly result: PlayView['result'];
  /** A draw offered by this side and not yet answered. */
  readonly drawOffer: Color | null;
  /** Messages for people, newest last (at most {@link LOG_LIMIT}). */
  readonly log: readonly string[];
  /** Added to the board's times: a resumed game's board restarted its clock from zero. */
  readonly offset: number;
  /** The LED frame last sent, as a key: a frame is sent only when it changes. */
  readonly lastFrame: string;
  /** The computer seated at the board (host/game/computer.ts): what it is doing; null when people play both sides. */
  readonly computer: ComputerState | null;
}

/** What the players ask of the game itself (the hands on the board are board events). */
export type PlayerCommand =
  | { readonly type: 'press'; readonly button: 'accept' | 'correct' }
  | { readonly type: 'resign'; readonly color: Color }
  /** With `color`: that side offers a draw (accepted by an offer of the other side); without: a draw agreed by both (FMJD 7.3.1). */
  | { readonly type: 'draw'; readonly color?: Color }
  /** `color`, offered a draw, declines it without waiting for its next move (FMJD 7.3.1: the draw is by agreement). */
  | { readonly type: 'decline-draw'; readonly color: Color }
  /** Against the computer: the last move pair taken back (the page's and the board's), and a hint of the engine's move. */
  | { readonly type: 'take-back' }
  | { readonly type: 'hint' };

/**
 * What goes into the game. `now` (passed beside the input) is the board's time in ms as the
 * shell estimates it; a board event carries its own.
 * - `board`: what the board link delivered (the link's state, lifts, places, buttons);
 * - `player`: a command of the players (the page, the command line);
 * - `tick`: time passes (a flag may fall; a running clock is journaled now and then);
 * - `end`: the hands are withdrawn for good (the end of an action script): a move still open,
 *   a king that could have slid further, is announced;
 * - `engine`: the engine's answer to a `think` effect (its id, the move, score and line); an
 *   answer to an older question than the last is dropped.
 */
export type GameInput =
  | { readonly type: 'board'; readonly event: BoardEvent }
  | { readonly type: 'player'; readonly command: PlayerCommand }
  | { readonly type: 'tick' }
  | { readonly type: 'end' }
  | ({ readonly type: 'engine' } & EngineReply);

/**
 * What the shell is to do, in order.
 * - `journal`: write these entries to disk before anything after them is done;
 * - `leds`: show this frame; `beep`: sound the buzzer;
 * - `said`: what the referee said (a move, an irregularity, a result...), for printing, speech
 *   and broadcast;
 * - `scoresheet`: a move written on the scoresheet;
 * - `log`: a message for people; `view`: the view changed;
 * - `refused`: the command could not be carried out, and why;
 * - `think`: the computer is to move: find a move in `game` (its moves so far, the limits are
 *   the shell's) and answer with an `engine` input carrying `id`; a new `think` makes every
 *   earlier one stale (the shell may stop it).
 */
export type GameEffect =
  | { readonly type: 'journal'; readonly entries: readonly JournalEntry[] }
  | { readonly type: 'leds'; readonly frame: LedFrame }
  | { readonly type: 'beep'; readonly hz: number; readonly ms: number }
  | { readonly type: 'said'; readonly output: RefereeOutput }
  | { readonly type: 'scoresheet'; readonly side: Color; readonly text: string }
  | { readonly type: 'log'; readonly text: string }
  | { readonly type: 'view' }
  | { readonly type: 'refused'; readonly error: string }
  | { readonly type: 'think'; readonly id: number; readonly game: Game };

/** One step of the game. */
export interface GameStep {
  readonly state: GameState;
  readonly effects: readonly GameEffect[];
}

/** The log keeps this many messages. */
export const LOG_LIMIT = 200;

/**
 * While a clock runs and nothing else is journaled, a clock entry every this many ms of board
 * time: a resumed game loses at most this much of the running side's time (FMJD 10 leaves
 * the clock to the arbiter, who may set it with `--clock`).
 */
export const CLOCK_HEARTBEAT_MS = 10_000;

/** One step of the game as an observer sees it (speech, broadcast): the input, the game before and after, the effects, the board's time. */
export interface SeenStep {
  readonly input: GameInput;
  readonly before: GameState;
  readonly after: GameState;
  readonly effects: readonly GameEffect[];
  /** Board time of the step (ms). */
  readonly now: number;
}
