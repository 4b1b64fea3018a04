// An event's boards on one host: each board with its own referee, journal and scoresheet in the
// archive (archive.ts: <archive>/<event>/round-<R>/board-NN), listed in the archive's index from
// its start (host/archive/filing.ts: result `*` while it is played, updated with its result), its
// state published to the broadcast (a round store, or an MQTT broker) every time it changes. Each board is started,
// runs and fails on its own: a board that cannot open, loses its link, waits for a decision or
// cannot write its journal stops nothing else. A board whose folder already holds its game goes
// on with it (the host restarted): the game from its journal, a simulated board's pieces as the
// journal left them, and its simulated hands from where they had got to. A journal of another
// game (its event, round, board, players or variant not the board's: resumeCheck.ts) stops
// that board, and is left as it is.

import { existsSync, rmSync } from 'node:fs';
import { makeFolders } from '../files/folders.ts';
import type { Move, Position } from '../../rules/index.ts';
import type { TimedControl } from '../game/clock/clock.ts';
import type { Policy } from '../game/referee/types.ts';
import type { PlayCommand, PlaySession, PlayView } from '../game/types.ts';
import { readJournal } from '../journal/journal.ts';
import { reopenGame } from '../journal/reopen.ts';
import type { Reopened } from '../journal/reopen.ts';
import type { BoardKind } from '../boards/kind.ts';
import type { RunningSession } from '../play/session.ts';
import { headerTags, seatGame } from '../play/table.ts';
import { broadcastOutput } from '../play/outputs/broadcast.ts';
import { boardLines } from '../play/outputs/boardLines.ts';
import { pdnFile } from '../play/outputs/pdnFile.ts';
import { archiveFiler } from '../play/outputs/archiveFile.ts';
import type { ArchiveFiler } from '../play/outputs/archiveFile.ts';
import { boardPdn } from '../broadcast/feeds.ts';
import { parseActionScript } from '../script/actions.ts';
import { renderGame } from '../script/render.ts';
import type { HandStyles } from '../script/render.ts';
import type { BoardAddress, BoardState } from '../broadcast/types.ts';
import { archivePath, gameFiles, legacyArchivePath } from './archive.ts';
import { disagreement, notThisGame, sameRound } from './resumeCheck.ts';
import type { ExpectedGame } from './resumeCheck.ts';
import { actionsDone, driveHands } from './hands.ts';
import type { HandsRun } from './hands.ts';
import type { Language } from '../words/catalogue.ts';

type Tag = { readonly name: string; readonly value: string };

/** Where a board's pieces are sensed: a kind of board (host/boards/registry.ts), simulated or on a serial port. */
export interface BoardSource {
  readonly kind: BoardKind;
  /** A real board's serial port; null: the board is simulated. */
  readonly port: string | null;
  /** The game a simulated board's hands play; absent or null: none, the page's hands play. */
  readonly game?: SimGame | null;
}

/** A game for a simulated board's hands to play: its moves (from the event's start position), the hands' seed, how it ended. */
export interface SimGame {
  readonly moves: readonly Move[];
  readonly seed: number;
  /** The PDN result: the loser resigns, or a draw is agreed, after the last move ("*": nothing). */
  readonly result: string;
  /** The hands' styles (script/render.ts); by default each chosen per move from the seed, as people vary. */
  readonly styles?: HandStyles;
}

/** One board of the event. */
export interface EventBoard {
  readonly address: BoardAddress;
  readonly players: { readonly white: string; readonly black: string };
  /** The scoresheet's tags beside White and Black (Event, Site, Date, Round). */
  readonly tags: readonly Tag[];
  readonly source: BoardSource;
  /** The position the board's game starts from, when not the event's (a simulated game set up from a FEN). */
  readonly start?: Position;
}

export interface EventOptions {
  readonly boards: readonly EventBoard[];
  readonly start: Position;
  readonly policy: Policy;
  readonly timeControl: TimedControl | null;
  /** The TimeControl tag as given (`5400+30`), for the scoresheets. */
  readonly timeControlTag?: string;
  /** The language of each new game's log, view sentences and journal messages (default English). */
  readonly lang?: Language;
  /** The archive's root folder. */
  readonly archive: string;
  /** How much faster than the script's pace simulated hands play (default 1). */
  readonly speed?: number;
  /** Told every state of a board that shows something new (boardState.stateKey). Must not throw. */
  readonly publish: (state: BoardState) => void;
  /** Told what happens, a line for people ("board 3: ..."). */
  readonly log: (line: string) => void;
  /** The wall clock the terminal's link lines are spaced by (default Date.now). */
  readonly now?: () => number;
}

/** A board running. */
export interface RunningBoard {
  readonly spec: EventBoard;
  readonly session: RunningSession;
  /** The simulated hands, while they play. */
  readonly hands: HandsRun | null;
}

export interface RunningEvent {
  /** The boards that started, by number. */
  readonly boards: ReadonlyMap<number, RunningBoard>;
  /** The boards that did not start, by number, with the reason. */
  readonly failed: ReadonlyMap<number, string>;
  /** Board `n`'s session, for the server's board commands. */
  session(n: number): PlaySession | null;
  /** Resolves when every simulated board's hands have played their game to the end. */
  readonly handsDone: Promise<void>;
  /** Stops the hands, closes every board's link and journal. */
  close(): Promise<void>;
}

/** The result's loser resigns, or the players agree a draw: the action script's last line. */
function ending(result: string): string {
  const r = result.replace(/\s/g, '');
  if (r === '2-0' || r === '1-0') return 'resign black\n';
  if (r === '0-2' || r === '0-1') return 'resign white\n';
  if (r === '1-1' || r === '1/2-1/2') return 'draw\n';
  return '';
}

/** Starts every board of the event; a board that cannot start is reported and left out. */
export async function runEvent(o: EventOptions): Promise<RunningEvent> {
  const boards = new Map<number, RunningBoard>();
  const failed = new Map<number, string>();
  const filers: ArchiveFiler[] = [];
  for (const b of o.boards) {
    try {
      boards.set(b.address.board, await startBoard(b));
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      failed.set(b.address.board, why);
      o.log(`board ${b.address.board}: cannot start: ${why}; the other boards go on`);
    }
  }
  const handsDone = Promise.all([...boards.values()].map((b) => b.hands?.done)).then(() => undefined);
  return {
    boards,
    failed,
    session: (n) => boards.get(n)?.session ?? null,
    handsDone,
    async close() {
      for (const b of boards.values()) b.hands?.stop();
      await Promise.all([...boards.values()].map((b) => b.session.close().catch(() => {})));
      for (const f of filers) f.close();
    },
  };

  async function startBoard(b: EventBoard): Promise<RunningBoard> {
    const n = b.address.board;
    const start = b.start ?? o.start;
    const v = start.variant;
    const expected = { tags: headerTags(b.tags, b.players, { boardNumber: n, timeControlTag: o.timeControlTag }), variant: v.name };
    const dir = boardFolder(o.archive, b, expected);
    makeFolders(dir);
    const files = gameFiles(dir);
    let resumed: Reopened | null = null;
    if (existsSync(files.journal)) {
      const read = readJournal(files.journal);
      if (read.entries.length === 0 && !read.problem) rmSync(files.journal);
      else {
        // A game of another event, round, board or players is never taken for this board's.
        const before = read.header && disagreement(read.header, expected);
        if (before) throw new Error(notThisGame(files.journal, before));
        const r = reopenGame(files.journal, {});
        if (!r.ok) throw new Error(r.message);
        const after = disagreement(r.game.header, expected);
        if (after) {
          r.journal.close();
          throw new Error(notThisGame(files.journal, after));
        }
        for (const note of r.notes) o.log(`board ${n}: ${note}`);
        o.log(`board ${n}: going on with the game in ${files.journal}: ${r.game.plies} plies played`);
        resumed = r;
      }
    }
    // The scoresheet is the feed's game (its Board tag too), filed into the archive's index from its first write on.
    const filer = archiveFiler(o.archive, { inProgress: true, log: (line) => o.log(`board ${n}: ${line}`) });
    filers.push(filer);
    const sheet = pdnFile({ text: (view) => boardPdn([{ board: n, pdn: view.pdn }], n) ?? view.pdn, written: filer.offer });
    const seated = await seatGame({
      board: { kind: b.source.kind, port: b.source.port, ...(b.source.port !== null ? { who: `board ${n}`, waiting: (m: string) => o.log(`board ${n}: ${m}`) } : {}) },
      start, policy: o.policy, timeControl: o.timeControl, timeControlTag: o.timeControlTag, ...(o.lang ? { lang: o.lang } : {}), setUp: true,
      players: b.players, tags: () => b.tags, boardNumber: n, journals: { file: files.journal }, resumed,
      outputs: [sheet, boardLines((line) => o.log(`board ${n}: ${line}`), o.now ?? Date.now, { resumed: resumed !== null }), broadcastOutput(b.address, o.publish)],
    });
    if (!seated.ok) throw new Error(seated.error);
    const { session, hands } = seated.table;
    void session.fault.then((message) => o.log(`board ${n}: ${message}`));

    let run: HandsRun | null = null;
    if (b.source.game && hands) {
      const script = renderGame(start, b.source.game.moves, { seed: b.source.game.seed, comments: false, ...(b.source.game.styles ? { styles: b.source.game.styles } : {}) }) + ending(b.source.game.result);
      const parsed = parseActionScript(script, v);
      if (!parsed.ok) throw new Error(`the hands' script does not read at line ${parsed.line}: ${parsed.reason}`);
      const from = resumed ? actionsDone(parsed.actions, resumed.entries) : 0;
      const command = (c: PlayCommand): void => void session.command(c);
      // The hands wait, as people do, until the board is connected and shows the game (a new
      // game's pieces set up): a lift before the board has said hello would be a piece missing.
      const ready = (view: PlayView): boolean => view.link.state === 'connected' && (resumed !== null || view.guidance?.kind !== 'setup');
      const at = hands;
      run = whenReady(session, ready, () => driveHands(parsed.actions, at, { speed: o.speed ?? 1, from, command }));
    }
    return { spec: b, session, hands: run };
  }
}

/**
 * The folder of board `b`'s game: its {@link archivePath}, or the folder an earlier version gave
 * it ({@link legacyArchivePath}, which another event's name could share) when only that one
 * holds a journal and its header names this board's event and round exactly.
 */
function boardFolder(root: string, b: EventBoard, expected: ExpectedGame): string {
  const where = { event: b.address.event, round: b.address.round, board: b.address.board };
  const dir = archivePath(root, where);
  const legacy = legacyArchivePath(root, where);
  if (legacy === dir || existsSync(gameFiles(dir).journal) || !existsSync(gameFiles(legacy).journal)) return dir;
  try {
    const header = readJournal(gameFiles(legacy).journal).header;
    return header !== null && sameRound(header, expected) ? legacy : dir;
  } catch {
    return dir;
  }
}

/** Hands that begin once `ready(view)` holds (checked at every change of the session), without holding up anything else. */
function whenReady(session: RunningSession, ready: (view: PlayView) => boolean, begin: () => HandsRun): HandsRun {
  let inner: HandsRun | null = null;
  let stopped = false;
  let cancel: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    cancel = resolve;
    if (ready(session.view())) return resolve();
    const off = session.subscribe((view) => {
      if (!ready(view)) return;
      off();
      resolve();
    });
    const was = cancel;
    cancel = () => {
      off();
      was();
    };
  });
  const done = started.then(() => {
    if (stopped) return;
    inner = begin();
    return inner.done;
  });
  return {
    done,
    stop() {
      stopped = true;
      inner?.stop();
      cancel();
    },
  };
}
