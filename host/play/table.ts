// One place seats a game at a board: it opens the board (and a second one beside it), writes the
// journal's header, starts the session or resumes it from its journal, and attaches the outputs
// (speech, the second board, the broadcast, the PDN file, the terminal) that each step of the
// game then comes down to. `dambord play`, `digitise` and `event` say what to seat; this seats it.

import { rmSync } from 'node:fs';
import { makeFolders } from '../files/folders.ts';
import { join } from 'node:path';
import type { Position } from '../../rules/index.ts';
import { parseFen, writeFen } from '../../rules/index.ts';
import { computerFor } from '../game/computerConfig.ts';
import type { ComputerConfig } from '../game/computerConfig.ts';
import type { BoardKind } from '../boards/kind.ts';
import { why } from '../files/read.ts';
import type { TimedControl } from '../game/clock/clock.ts';
import { JOURNAL_FORMAT } from '../game/journal/record.ts';
import type { Policy } from '../game/referee/types.ts';
import type { Query } from '../speech/queries.ts';
import type { GameState } from '../game/game.ts';
import { journalOnFirstWrite } from '../journal/journal.ts';
import type { Journal } from '../journal/journal.ts';
import type { BoardLink } from '../link/types.ts';
import type { Guide } from '../game/guide.ts';
import { pairGameOf } from './pair.ts';
import { pairLinks, pairedHands } from './pairedLinks.ts';
import type { BoardHands, PairedLinks } from './pairedLinks.ts';
import { startSession } from './session.ts';
import type { NextChoice, RunningSession, SessionOptions, SimulatedHands } from './session.ts';
import { pdnOf } from './outputs/pdnFile.ts';
import type { Settings } from '../game/settings.ts';
import type { GameOutput, TableSide } from './outputs/output.ts';
import type { Language } from '../words/catalogue.ts';

type Tag = { readonly name: string; readonly value: string };
type Players = { readonly white: string; readonly black: string };

/** A board to seat the game at: its kind and its port (null: simulated). */
export interface Seat {
  readonly kind: BoardKind;
  readonly port: string | null;
  /** Whose board beside the game's it is (`Black's board`), or the event's board (`board 3`), named in the messages. */
  readonly who?: string;
  /** Told while a real board gets ready after its port opens. */
  readonly waiting?: (message: string) => void;
}

/** What to seat: the board, the game, where its journals go and its outputs. */
export interface TableOptions {
  readonly board: Seat;
  /** Black's own board beside White's (`--second-board`): the game plays on the two as one. */
  readonly second?: Seat | null;
  readonly start: Position;
  /** The start position as the journal's header gives it (default: {@link start} written as FEN). */
  readonly startFen?: string;
  readonly policy: Policy;
  readonly timeControl?: TimedControl | null;
  /** The TimeControl tag as given (`5400+30`), after White and Black in the journal's header. */
  readonly timeControlTag?: string;
  readonly hints?: boolean;
  /** The language of a new game's log, view sentences and journal messages (recorded in its journal's header); default English. */
  readonly lang?: Language;
  readonly players: Players;
  /**
   * The scoresheet's tags beside White and Black for a game begun at `now` (Event, Site, Date,
   * Round); `settings`: those the page set for it (host/game/settings.ts), else the command's.
   */
  readonly tags: (now: Date, settings?: Settings) => readonly Tag[];
  /** A simulated board starts holding the game's start (an event's board, set up before the round), not the box's pieces. */
  readonly setUp?: boolean;
  /** The board's number at an event: a Board tag before White in the journal's header. */
  readonly boardNumber?: number;
  /**
   * Where each game's journal goes: a folder (a journal per game, named by the time it begins;
   * the page's "New game" begins the next) or one file (an event's board).
   */
  readonly journals: { readonly dir: string } | { readonly file: string };
  /** A game to go on with: its journal reopened, and the game it holds. */
  readonly resumed?: { readonly journal: Journal; readonly game: NonNullable<SessionOptions['resumed']> } | null;
  /** Wraps the first game's journal (a test's faulty journal, host/journal/testing/); absent: as it is. */
  readonly journalSeam?: (journal: Journal) => Journal;
  /** A game recorded from a sheet that guides it (`dambord digitise --guide`). */
  readonly guide?: Guide | null;
  /** The command the game runs in, for what to run to go on with it (`play` when absent). */
  readonly command?: string;
  /** Answers a question (and says it when the game speaks). */
  readonly ask?: (q: Query, state: GameState, now: number) => string;
  /** The outputs, told each step and view in this order. */
  readonly outputs?: readonly GameOutput[];
  /** The computer seated at the board for one side, and its engine, opened (the session closes it); its config goes in the journal's header. */
  readonly computer?: SessionOptions['computer'];
  /** Opens the engine of a computer whose level the page or the board changed. */
  readonly reopen?: SessionOptions['reopen'];
}

/** A game seated: its session, board and journals. */
export interface Table extends TableSide {
  readonly session: RunningSession;
  /** The game's link (the two boards as one with a second board). */
  readonly link: BoardLink;
  /** The simulator's hands, null for a real board. */
  readonly hands: SimulatedHands | null;
  /** The boards opened: the game's, and the second one's when there is one. */
  readonly boards: readonly { readonly kind: BoardKind; readonly hands: SimulatedHands | null; readonly path: string }[];
  /** Every game's journal at this table, in order. */
  readonly played: readonly Journal[];
}

/** The table, or what kept the game from being seated (the board, or the journal). */
export type Seated = { readonly ok: true; readonly table: Table } | { readonly ok: false; readonly error: string };

/**
 * Seats a game: the board (and second board) opened, the journal begun or the resumed one taken,
 * the session started, the outputs attached. Nothing stays open when it cannot be seated.
 *
 * @example
 * const r = await seatGame({ board: { kind: simulatedBoard, port: null }, start, policy: casual, players, tags: () => [], journals: { dir: 'games' } });
 * if (r.ok) r.table.session.subscribe((view) => console.log(view.turn));
 */
export async function seatGame(o: TableOptions): Promise<Seated> {
  const opened = await openBoards(o);
  if (!opened.ok) {
    o.resumed?.journal.close();
    return opened;
  }
  const { link, hands, paired, boards } = opened;
  let firstGame: { journal: Journal; tags: readonly Tag[] };
  try {
    firstGame = o.resumed ? { journal: o.resumed.journal, tags: [] } : newGame(o, o.players);
  } catch (e) {
    await link.close();
    return { ok: false, error: `cannot write the journal in ${'dir' in o.journals ? o.journals.dir : o.journals.file}: ${why(e)}` };
  }
  if (o.journalSeam) firstGame = { ...firstGame, journal: o.journalSeam(firstGame.journal) };
  const played: Journal[] = [firstGame.journal];
  const outputs = o.outputs ?? [];
  const session = startSession({
    start: o.start, policy: o.policy, link, journal: firstGame.journal, hands, timeControl: o.timeControl ?? null,
    hints: o.hints, ...(o.lang ? { lang: o.lang } : {}), players: o.players, tags: firstGame.tags, resumed: o.resumed?.game ?? null,
    guide: o.guide ?? null, ...(o.command ? { command: o.command } : {}), ...(o.ask ? { ask: o.ask } : {}), computer: o.computer ?? null, ...(o.reopen ? { reopen: o.reopen } : {}),
    ...(outputs.some((out) => out.step) ? { observe: (seen) => outputs.forEach((out) => out.step?.(seen)) } : {}),
    ...('dir' in o.journals ? {
      nextJournal: (players: Players, chosen?: NextChoice, computer?: ComputerConfig) => {
        // The next game speaks as this one did (a resumed game's language is its journal's), or as the page set it.
        const next = chosen
          ? newGame({ ...o, policy: chosen.policy, lang: chosen.lang, timeControlTag: chosen.settings['time-control'] }, players, chosen.settings, computer)
          : newGame({ ...o, lang: o.resumed?.game.state.config.lang ?? o.lang }, players, undefined, computer);
        played.push(next.journal);
        return next;
      },
      dropJournal: (journal: Journal) => {
        journal.close();
        rmSync(journal.path, { force: true });
        rmSync(pdnOf(journal), { force: true });
        if (played.includes(journal)) played.splice(played.indexOf(journal), 1);
      },
    } : {}),
  });
  const table: Table = { session, link, hands, boards, played, paired, journal: () => session.journal(), state: () => session.state() };
  for (const out of outputs) out.attach?.(table);
  const told = outputs.filter((out) => out.view);
  if (told.length > 0) {
    session.subscribe((view) => told.forEach((out) => out.view!(view, table)));
    const view = session.view();
    told.forEach((out) => out.view!(view, table));
  }
  return { ok: true, table };
}

/** The board, and the second board paired with it: one link and one pair of hands for the game. */
async function openBoards(o: TableOptions): Promise<{ ok: true; link: BoardLink; hands: SimulatedHands | null; paired: PairedLinks | null; boards: Table['boards'] } | { ok: false; error: string }> {
  const pieces = boardPieces(o);
  const first = await o.board.kind.open(o.board.port, { start: o.start, pieces, who: o.board.who, waiting: o.board.waiting });
  if (!first.ok) return first;
  const board = { kind: o.board.kind, hands: first.hands, path: first.path };
  if (!o.second) return { ok: true, link: first.link, hands: first.hands, paired: null, boards: [board] };
  const second = await o.second.kind.open(o.second.port, { start: o.start, pieces, who: o.second.who ?? "Black's board", waiting: o.second.waiting });
  if (!second.ok) {
    await first.link.close();
    return second;
  }
  const paired = pairLinks(first.link, second.link, { position: o.resumed ? pairGameOf(o.resumed.game.state).position : o.start });
  const hands = isBoardHands(first.hands) && isBoardHands(second.hands) ? pairedHands(paired, [first.hands, second.hands]) : first.hands;
  return { ok: true, link: paired, hands, paired, boards: [board, { kind: o.second.kind, hands: second.hands, path: second.path }] };
}

/**
 * What a simulated board holds when it starts: a resumed game's pieces as its journal last
 * sensed them; the game's start when `setUp`; else the variant's start position, as a board
 * taken out of its box would (for a FEN, the LEDs and the page then guide the pieces into place).
 */
function boardPieces(o: TableOptions): Uint8Array {
  const sensed = o.resumed?.game.state.resume?.referee.sensed;
  if (sensed) return sensed;
  if (o.setUp) return o.start.board;
  const v = o.start.variant;
  const box = parseFen(v, v.startFen);
  return box.ok ? box.position.board : o.start.board;
}

/** A new game's journal, its header written once it is first written to (naming `computer`, else the table's computer), and the session's tags. */
function newGame(o: TableOptions, players: Players, settings?: Settings, computer?: ComputerConfig): { journal: Journal; tags: readonly Tag[] } {
  const now = new Date();
  let file: string;
  if ('dir' in o.journals) {
    makeFolders(o.journals.dir);
    file = join(o.journals.dir, `${now.toISOString().replace(/[:.]/g, '-')}.journal`);
  } else file = o.journals.file;
  const tags = o.tags(now, settings);
  const header = headerTags(tags, players, o);
  const journal = journalOnFirstWrite(file, {
    format: JOURNAL_FORMAT, variant: o.start.variant.name, start: o.startFen ?? writeFen(o.start), policy: o.policy.name, showJumps: o.policy.showJumps, ...(o.lang ? { lang: o.lang } : {}),
    tags: header, ...(computer ? { computer } : o.computer ? { computer: computerFor(o.computer.config, players) } : {}), timeControl: null, created: now.toISOString(), t0: 0,
  });
  return { journal, tags };
}

/** Hands that can tell a square's occupancy, as two boards played as one need. */
function isBoardHands(hands: SimulatedHands | null): hands is BoardHands {
  return hands !== null && 'occupied' in hands;
}

/**
 * The tags of a game's journal header: the scoresheet's `tags`, the Board at an event, White and
 * Black, the TimeControl as given.
 *
 * @example
 * headerTags([{ name: 'Round', value: '3' }], { white: 'A', black: 'B' }, { boardNumber: 2 })
 * // Round 3, Board 2, White A, Black B
 */
export function headerTags(tags: readonly Tag[], players: Players, o: { readonly boardNumber?: number; readonly timeControlTag?: string }): Tag[] {
  return [
    ...tags,
    ...(o.boardNumber !== undefined ? [{ name: 'Board', value: String(o.boardNumber) }] : []),
    { name: 'White', value: players.white },
    { name: 'Black', value: players.black },
    ...(o.timeControlTag ? [{ name: 'TimeControl', value: o.timeControlTag }] : []),
  ];
}
