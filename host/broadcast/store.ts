// The round as a relay (or a one-host event) holds it: every board's last state, the changes
// numbered for viewers, kept for a reconnecting viewer's Last-Event-ID, held back by the
// broadcast delay, and the feeds made from what viewers may see.
//
// One round is served: the one given, or else the round of the first state taken. A state is
// taken only when admit.ts admits it after the board's last; one refused is counted, told to
// onRefused and never shown. What the store holds is bounded whatever arrives: one state a board
// of the round served (nothing of other rounds), the delay's queue (maxWaiting states), the
// changes kept for reconnecting viewers (keep changes, keepBytes of frames).
//
// Pure: the wall clock, the delay's timer, the run's id and the hash are handed in (RoundStoreHost;
// storeHost.ts has Node's).

import { squareName, variants } from '../../rules/index.ts';
import { ADMIT_DEFAULTS, admit } from './admit.ts';
import type { RefusalCode } from './admit.ts';
import { stateKey } from './boardState.ts';
import { boardPdn, etagOf, roundJson, roundPdn } from './feeds.ts';
import type { BoardEvent, BoardState, RoundSnapshot, ViewerBoard } from './types.ts';

/** One change for viewers: its server-sent event id and the board's new state. */
export interface StoreEvent {
  readonly id: string;
  /** The board's new state; null when a new round starts (the frame is then the round's snapshot). */
  readonly board: BoardEvent | null;
  /** The event as sent on a stream, made once for every viewer. */
  readonly frame: string;
}

/** A feed's body and its ETag. */
export interface Feed {
  readonly body: string;
  readonly etag: string;
}

export interface RoundStoreOptions {
  readonly event: string;
  /** The round served; without it, the round of the first state taken (states of any other round are refused). */
  readonly round?: string;
  /** The boards of the round (a pairings' boards, `--boards 1-64`); without it, 1..maxBoard. */
  readonly boards?: ReadonlySet<number>;
  /** The highest board number taken without a list of boards (default ADMIT_DEFAULTS.maxBoard: 999, the most boards a round may have). */
  readonly maxBoard?: number;
  /** How far ahead of the wall clock a state's `t` may be (ms, default 30,000). */
  readonly skewMs?: number;
  /** The largest state taken, bytes of its JSON (default 128 KB); and the most moves (default 1000). */
  readonly maxBytes?: number;
  readonly maxMoves?: number;
  /** The broadcast delay (ms, default 0): a state is shown this long after it was made (its `t`). */
  readonly delayMs?: number;
  /** States waiting for the delay (default 10,000): beyond, a board's oldest waiting state superseded by a newer one is dropped. */
  readonly maxWaiting?: number;
  /** Changes kept for reconnecting viewers (default 20,000), and their frames' characters at most (default 32 M). */
  readonly keep?: number;
  readonly keepBytes?: number;
  /** Told every state refused: why in a code (to count by) and in words. */
  readonly onRefused?: (state: BoardState, code: RefusalCode, reason: string) => void;
}

/**
 * What a store is given of the world: the wall clock, a timer for the broadcast delay, a new
 * run's id, and a fast SHA-256 for its feeds' ETags. storeHost.ts has Node's (nodeStoreHost); a test may hand in its own clock.
 *
 * @example createRoundStore({ event: 'NK 2025' }, { ...nodeStoreHost, now: () => t })
 */
export interface RoundStoreHost {
  /** The wall clock: ms since the epoch. */
  now(): number;
  /** Calls `fn` once, `ms` ms from now (a timer that keeps no process alive); returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
  /** A new run's id, in hex: another for each store, so that an event id of another run (a restarted relay) is not looked up. */
  runId(): string;
  /** The SHA-256 of a feed's body, in hex (the feeds' ETags, feeds.ts etagOf): node:crypto's in Node. */
  sha256Hex(body: string | Uint8Array): string;
}

/** What a store has done and holds. */
export interface StoreCounts {
  /** Changes shown. */
  readonly shown: number;
  /** States not taken that are no news: the same again, or older than the board's last (a late duplicate). */
  readonly ignored: number;
  /** States refused (admit.ts), by code. */
  readonly refused: number;
  readonly refusedBy: Readonly<Partial<Record<RefusalCode, number>>>;
  /** Boards held (of the round served), states waiting for the delay, changes kept for viewers. */
  readonly boards: number;
  readonly waiting: number;
  readonly kept: number;
}

/** The shortest and longest wait of the delay's timer (ms): never a busy loop, never past setTimeout's range. */
const TIMER_MS = { min: 10, max: 2 ** 31 - 1 } as const;

export interface RoundStore {
  readonly event: string;
  readonly delayMs: number;
  /**
   * Takes a board's state from its host: a state older than the board's last (a late
   * duplicate), or one that shows nothing new ({@link stateKey}) changes nothing; one admit.ts
   * refuses (another event or round, a board not of the round, too large, from the future, not
   * a game its board could have played) is counted and told to onRefused. Returns whether it was
   * taken. With a delay it is shown once its time has come.
   */
  put(state: BoardState): boolean;
  /** The round as viewers see it now (the round of the board seen last to start a new round). */
  snapshot(): RoundSnapshot;
  /** The snapshot as a server-sent event, with the id of the last change in it. */
  snapshotFrame(): string;
  /** The changes after the event `lastEventId`, or null when they are not all kept (or the id is not this store's). */
  since(lastEventId: string): StoreEvent[] | null;
  /** Told every change viewers may see, in order. */
  subscribe(listener: (e: StoreEvent) => void): () => void;
  /** The feeds of the round viewers see: round.pdn, round.json, and one board's PDN. */
  roundPdn(): Feed;
  roundJson(): Feed;
  boardPdn(n: number): Feed | null;
  /** Board `n`'s state as viewers may see it now (its scoresheet too), or null when the round has no such board shown. */
  board(n: number): BoardEvent | null;
  /** What was shown, ignored and refused, and what is held now. */
  counts(): StoreCounts;
  /** Stops the delay's timer. */
  close(): void;
}

/** The dark squares of each variant's board, for viewers to draw. */
const LAYOUTS: RoundSnapshot['layouts'] = Object.fromEntries(
  Object.values(variants).map((v) => {
    const g = v.geometry;
    return [v.name, Array.from({ length: g.squares }, (_, i) => ({ name: squareName(v, i), row: g.row[i], col: g.col[i] }))];
  }),
);

/**
 * The value of tag `name` in the first of `games` that knows it: '' when none does (no tag, or
 * PDN's unknown: `?`, `????.??.??`, `-`).
 */
function knownTag(games: readonly { readonly pdn: string }[], name: string): string {
  const line = new RegExp(`^\\[\\s*${name}\\s+"([^"]*)"\\s*\\]`, 'im');
  for (const g of games) {
    const value = line.exec(g.pdn)?.[1].trim() ?? '';
    if (value !== '' && !/^[?.-]+$/.test(value)) return value;
  }
  return '';
}

/** A board's state as viewers receive it (types.ViewerBoard). */
function forViewers(b: BoardEvent): ViewerBoard {
  const { pdn: _pdn, ...rest } = b;
  return rest;
}

/** A store for one event's rounds, with the clock, timer and run id `host` gives it. */
export function createRoundStore(options: RoundStoreOptions, host: RoundStoreHost): RoundStore {
  const delayMs = options.delayMs ?? 0;
  const keep = options.keep ?? 20_000;
  const keepBytes = options.keepBytes ?? 32 * 1024 * 1024;
  const maxWaiting = Math.max(1, options.maxWaiting ?? 10_000);
  const now = () => host.now();
  const limits = {
    event: options.event,
    boards: options.boards ?? null,
    maxBoard: options.maxBoard ?? ADMIT_DEFAULTS.maxBoard,
    skewMs: options.skewMs ?? ADMIT_DEFAULTS.skewMs,
    maxBytes: options.maxBytes ?? ADMIT_DEFAULTS.maxBytes,
    maxMoves: options.maxMoves ?? ADMIT_DEFAULTS.maxMoves,
  };
  const run = host.runId();
  let n = 0;
  let ignored = 0;
  let refused = 0;
  const refusedBy: Partial<Record<RefusalCode, number>> = {};
  /** The round served: the one given, or the round of the first state taken. */
  let served: string | null = options.round ?? null;
  /** What hosts sent last, per board of the round served: what is taken or not (before any delay). */
  const latest = new Map<number, { state: BoardState; key: string }>();
  /** What viewers see, per board. */
  const shown = new Map<number, BoardEvent>();
  /** The round viewers see: the one given, or '' until its first state is shown. */
  let round = options.round ?? '';
  /** Whether a state was shown: the first is sent as the round's snapshot. */
  let started = false;
  const kept: StoreEvent[] = [];
  let keptChars = 0;
  const listeners = new Set<(e: StoreEvent) => void>();
  const waiting: BoardState[] = [];
  /** Cancels the delay's timer, while one is set. */
  let timer: (() => void) | null = null;
  let feeds: { n: number; round: Feed; json: Feed } | null = null;

  function emit(e: StoreEvent): void {
    kept.push(e);
    keptChars += e.frame.length;
    while (kept.length > keep || (keptChars > keepBytes && kept.length > 1)) keptChars -= kept.shift()!.frame.length;
    for (const l of listeners) l(e);
  }

  /** Shows a state: the round's first starts it, and viewers get its snapshot. */
  function show(s: BoardState): void {
    const board: BoardEvent = { ...s, rev: (shown.get(s.board)?.rev ?? 0) + 1 };
    shown.set(s.board, board);
    const id = `${run}.${++n}`;
    if (!started) {
      started = true;
      round = s.round;
      emit({ id, board: null, frame: snapshotFrame() });
    } else emit({ id, board, frame: `id: ${id}\nevent: board\ndata: ${JSON.stringify(forViewers(board))}\n\n` });
  }

  function release(): void {
    timer = null;
    const t = now();
    while (waiting.length > 0 && waiting[0].t + delayMs <= t) show(waiting.shift()!);
    if (waiting.length > 0) {
      timer = host.after(Math.min(TIMER_MS.max, Math.max(TIMER_MS.min, waiting[0].t + delayMs - t)), release);
    }
  }

  /** Makes room in the delay's queue: drops the oldest state a newer one of its board supersedes (else the oldest). */
  function dropWaiting(): void {
    const later = new Set<number>();
    let at = 0;
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (later.has(waiting[i].board)) at = i;
      later.add(waiting[i].board);
    }
    waiting.splice(at, 1);
  }

  function refuse(s: BoardState, code: RefusalCode, reason: string): false {
    refused++;
    refusedBy[code] = (refusedBy[code] ?? 0) + 1;
    options.onRefused?.(s, code, reason);
    return false;
  }

  const current = (): BoardEvent[] => [...shown.values()].sort((a, b) => a.board - b.board);
  const snapshot = (): RoundSnapshot => {
    const boards = current();
    return { id: `${run}.${n}`, event: options.event, round, date: knownTag(boards, 'Date'), site: knownTag(boards, 'Site'), delayMs, boards: boards.map(forViewers), layouts: LAYOUTS };
  };
  const games = () => current().map((b) => ({ board: b.board, pdn: b.pdn }));
  const feed = (body: string): Feed => ({ body, etag: etagOf(body, host.sha256Hex) });
  const snapshotFrame = (): string => `id: ${run}.${n}\nevent: round\ndata: ${JSON.stringify(snapshot())}\n\n`;

  return {
    event: options.event,
    delayMs,
    put(s) {
      const last = s.event === options.event && s.round === (served ?? s.round) ? latest.get(s.board) : undefined;
      if (last && s.t < last.state.t) {
        ignored++;
        return false;
      }
      const admission = admit(last?.state ?? null, s, { ...limits, round: served, now: now() });
      if (!admission.taken) return refuse(s, admission.code, admission.reason);
      const key = stateKey(s);
      if (last && key === last.key) {
        ignored++;
        return false;
      }
      served ??= s.round;
      latest.set(s.board, { state: s, key });
      if (delayMs <= 0) show(s);
      else {
        // States arrive in the order of their times for a board; across boards the queue is kept in order of time.
        let i = waiting.length;
        while (i > 0 && waiting[i - 1].t > s.t) i--;
        waiting.splice(i, 0, s);
        if (waiting.length > maxWaiting) dropWaiting();
        // A state due before the one the timer waits for (another board's host a little behind) sets it again.
        if (i === 0 && timer !== null) {
          timer();
          timer = null;
        }
        if (timer === null) release();
      }
      return true;
    },
    snapshot,
    snapshotFrame,
    since(lastEventId) {
      const m = /^([0-9a-f]+)\.(\d+)$/.exec(lastEventId.trim());
      if (!m || m[1] !== run) return null;
      const after = Number(m[2]);
      if (after > n) return null;
      if (after === n) return [];
      const first = kept.length > 0 ? Number(kept[0].id.split('.')[1]) : n + 1;
      if (after + 1 < first) return null;
      return kept.slice(after + 1 - first);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    roundPdn() {
      if (feeds?.n !== n) {
        const g = games();
        feeds = { n, round: feed(roundPdn(g)), json: feed(roundJson(g)) };
      }
      return feeds.round;
    },
    roundJson() {
      this.roundPdn();
      return feeds!.json;
    },
    boardPdn(b) {
      const body = boardPdn(games(), b);
      return body === null ? null : feed(body);
    },
    board: (b) => shown.get(b) ?? null,
    counts: () => ({ shown: n, ignored, refused, refusedBy: { ...refusedBy }, boards: latest.size, waiting: waiting.length, kept: kept.length }),
    close() {
      timer?.();
      timer = null;
    },
  };
}
