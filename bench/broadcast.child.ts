// A child process of the broadcast bench (bench/broadcast.bench.ts), forked with its role as the
// argument, driven by messages over IPC (advanced serialization, so latencies come back as
// Float64Arrays):
// - `viewers`: holds viewers of the round's server-sent events, each on its own keep-alive
//   connection (http.get), parsing the event stream itself as a browser's EventSource would
//   (reconnecting after `retry` with Last-Event-ID when the stream is cut), and tells the latency
//   of every board event (receipt after JSON.parse minus the state's `t`) and whether every viewer
//   got every board event exactly once;
// - `hosts`: the boards' hosts, one MQTT publisher (openPublisher) each, making the moves; and the
//   poller that times GET /feed/round.pdn with If-None-Match, as a polling relay fetches it.

import http from 'node:http';
import type { ClientRequest } from 'node:http';
import { openPublisher } from '../host/broadcast/mqttLink.ts';
import type { Publisher } from '../host/broadcast/mqttLink.ts';
import type { BoardEvent, BoardState, RoundSnapshot } from '../host/broadcast/types.ts';
import { boardGames, playBoards, wallNow } from './broadcastGames.ts';
import type { BoardGame } from './broadcastGames.ts';

/** What the bench asks a child; each answer carries the request's `id`. */
export type Request = { readonly id: number } & (
  | { readonly type: 'connect'; readonly url: string; readonly count: number }
  | { readonly type: 'drain'; readonly revs: Readonly<Record<number, number>>; readonly timeoutMs: number }
  | { readonly type: 'mark' }
  | { readonly type: 'report'; readonly from: number; readonly revs: Readonly<Record<number, number>> }
  | { readonly type: 'open'; readonly mqtt: string | null; readonly boards: number; readonly moves: number; readonly tag: string }
  | { readonly type: 'prime'; readonly first: boolean }
  | { readonly type: 'go'; readonly ms: number; readonly seed: number; readonly feed: string }
  | { readonly type: 'close' }
);

export interface Answer {
  readonly id: number;
  readonly error?: string;
  /** connect: ms to connect every viewer (to its first event). */
  readonly ms?: number;
  /** drain: viewers still missing an event at the timeout. */
  readonly behind?: number;
  /** report: the latencies (ms) of the board events made from `from` on, every viewer's, and when each was made (ms after `from`). */
  readonly latencies?: Float64Array;
  readonly made?: Float64Array;
  /** report: board events up to each board's last rev (`revs`) that a viewer never got, or got more than once. */
  readonly lost?: number;
  readonly doubled?: number;
  /** report: streams cut and reopened with Last-Event-ID, and round snapshots after the first (events skipped). */
  readonly reconnects?: number;
  readonly snapshots?: number;
  /** go: the states made; the fetch times (ms) and how many answers were 200 and 304. */
  readonly moves?: number;
  readonly fetches?: Float64Array;
  readonly fresh?: number;
  readonly unchanged?: number;
  /** report: CPU time (ms) of this process since `mark`; go: while it ran. */
  readonly cpuMs?: number;
}

const role = process.argv[2];
if (role !== 'viewers' && role !== 'hosts') throw new Error(`broadcast.child.ts: role "${role}" is not viewers or hosts`);
const send = (a: Answer): void => void process.send!(a);
let cpu = process.cpuUsage();
const cpuMs = (): number => {
  const d = process.cpuUsage(cpu);
  return (d.user + d.system) / 1000;
};

process.on('message', (r: Request) => {
  (role === 'viewers' ? viewers(r) : hosts(r)).then(send, (e: unknown) => send({ id: r.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }));
});
process.on('disconnect', () => process.exit(0));

// --- viewers -------------------------------------------------------------------------------

/** One viewer: its stream, what it has seen per board and its latencies. */
interface Viewer {
  req: ClientRequest | null;
  lastId: string | null;
  /**
   * Per board: the rev it first had from a round snapshot (0 if it first came as a board event),
   * how often each later rev came as a board event, and the last rev a snapshot showed (a
   * snapshot after the first, on a reconnect that asked too far back, skips the events between).
   */
  readonly boards: Map<number, { base: number; counts: number[]; snap: number }>;
  reconnects: number;
  /** Round snapshots after the first; -1 before the first. */
  snapshots: number;
  connected: () => void;
}

let agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let url = '';
let all: Viewer[] = [];
let closing = false;
/** The state's t and the latency of every board event received, in pairs. */
let samples: number[] = [];

async function viewers(r: Request): Promise<Answer> {
  if (r.type === 'connect') {
    closing = false;
    cpu = process.cpuUsage();
    url = new URL('api/round/events', r.url).href;
    agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    all = [];
    samples = [];
    const started = performance.now();
    // At most 50 handshakes at once, so the server's listen backlog never overflows.
    let next = 0;
    const one = async (): Promise<void> => {
      while (next < r.count) {
        next++;
        const v: Viewer = { req: null, lastId: null, boards: new Map(), reconnects: 0, snapshots: -1, connected: () => {} };
        all.push(v);
        await new Promise<void>((resolve) => {
          v.connected = resolve;
          open(v);
        });
      }
    };
    await Promise.all(Array.from({ length: 50 }, one));
    return { id: r.id, ms: performance.now() - started };
  }
  if (r.type === 'drain') {
    const end = performance.now() + r.timeoutMs;
    const behind = (): number => all.filter((v) => Object.entries(r.revs).some(([b, rev]) => (last(v, Number(b)) ?? 0) < rev)).length;
    while (behind() > 0 && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    return { id: r.id, behind: behind() };
  }
  if (r.type === 'mark') {
    cpu = process.cpuUsage();
    return { id: r.id };
  }
  if (r.type === 'report') {
    const latencies: number[] = [];
    const made: number[] = [];
    for (let i = 0; i < samples.length; i += 2) {
      if (samples[i] < r.from) continue;
      made.push(samples[i] - r.from);
      latencies.push(samples[i + 1]);
    }
    let lost = 0;
    let doubled = 0;
    // Every board event after the first snapshot (or after the board came online), up to the board's last rev, once.
    for (const v of all) {
      for (const [b, final] of Object.entries(r.revs)) {
        const seen = v.boards.get(Number(b)) ?? { base: 0, counts: [] };
        for (let i = 0; i < final - seen.base; i++) {
          const c = seen.counts[i] ?? 0;
          if (c === 0) lost++;
          else doubled += c - 1;
        }
      }
    }
    return {
      id: r.id, latencies: Float64Array.from(latencies), made: Float64Array.from(made), lost, doubled,
      reconnects: all.reduce((a, v) => a + v.reconnects, 0), snapshots: all.reduce((a, v) => a + Math.max(0, v.snapshots), 0), cpuMs: cpuMs(),
    };
  }
  if (r.type === 'close') {
    closing = true;
    const gone: Promise<void>[] = [];
    for (const v of all) {
      const socket = v.req?.socket;
      if (socket && !socket.destroyed) gone.push(new Promise((resolve) => socket.once('close', () => resolve())));
      v.req?.destroy();
    }
    agent.destroy();
    await Promise.race([Promise.all(gone), new Promise((resolve) => setTimeout(resolve, 5000))]);
    all = [];
    samples = [];
    return { id: r.id };
  }
  throw new Error(`viewers cannot ${r.type}`);
}

/** The last rev a viewer has of board `b`, or null before it has seen the board. */
function last(v: Viewer, b: number): number | null {
  const seen = v.boards.get(b);
  if (!seen) return null;
  let i = seen.counts.length;
  while (i > 0 && seen.counts[i - 1] === 0) i--;
  return Math.max(seen.base + i, seen.snap);
}

/** Opens (or reopens, with Last-Event-ID) a viewer's stream. */
function open(v: Viewer): void {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (v.lastId !== null) headers['Last-Event-ID'] = v.lastId;
  let retry = 2000;
  let ended = false;
  const again = (): void => {
    if (ended || closing) return;
    ended = true;
    v.reconnects++;
    setTimeout(() => open(v), retry);
  };
  const req = http.get(url, { agent, headers }, (res) => {
    if (res.statusCode !== 200) {
      res.resume();
      res.on('end', again);
      return;
    }
    res.setEncoding('utf8');
    let buf = '';
    res.on('data', (chunk: string) => {
      buf += chunk;
      let at: number;
      while ((at = buf.indexOf('\n\n')) !== -1) {
        const frame = buf.slice(0, at);
        buf = buf.slice(at + 2);
        let event = 'message';
        let data = '';
        let id: string | null = null;
        for (const line of frame.split('\n')) {
          if (line.startsWith('data: ')) data += (data ? '\n' : '') + line.slice(6);
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('id: ')) id = line.slice(4);
          else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
        }
        if (id !== null) v.lastId = id;
        if (event === 'board') board(v, JSON.parse(data) as BoardEvent);
        else if (event === 'round') round(v, JSON.parse(data) as RoundSnapshot);
      }
    });
    res.on('end', again);
    res.on('close', again);
    res.on('error', again);
  });
  req.on('error', again);
  v.req = req;
}

function board(v: Viewer, e: BoardEvent): void {
  const now = wallNow();
  samples.push(e.t, now - e.t);
  let seen = v.boards.get(e.board);
  if (!seen) v.boards.set(e.board, (seen = { base: 0, counts: [], snap: 0 }));
  const i = e.rev - seen.base - 1;
  if (i < 0) {
    // A rev the viewer already had in a snapshot: a double.
    seen.counts[0] = (seen.counts[0] ?? 0) + 1;
    return;
  }
  while (seen.counts.length <= i) seen.counts.push(0);
  seen.counts[i]++;
}

function round(v: Viewer, s: RoundSnapshot): void {
  if (v.snapshots < 0) {
    v.snapshots = 0;
    v.connected();
  } else v.snapshots++;
  for (const b of s.boards) {
    const seen = v.boards.get(b.board);
    if (!seen) v.boards.set(b.board, { base: b.rev, counts: [], snap: b.rev });
    else seen.snap = Math.max(seen.snap, b.rev);
  }
}

// --- hosts ---------------------------------------------------------------------------------

let games: BoardGame[] = [];
let publishers: Publisher[] = [];
let direct = true;

async function hosts(r: Request): Promise<Answer> {
  if (r.type === 'open') {
    cpu = process.cpuUsage();
    direct = r.mqtt === null;
    games = direct ? [] : boardGames(r.boards, r.moves);
    if (r.mqtt !== null) {
      const url = r.mqtt;
      const connected: Promise<void>[] = [];
      publishers = games.map((g) => {
        let ok!: () => void;
        connected.push(new Promise((resolve) => (ok = resolve)));
        return openPublisher({ url, clientId: `bench-host-${r.tag}-${g.board}`, onStatus: (text) => text.startsWith('connected') && ok() });
      });
      await Promise.all(connected);
    }
    return { id: r.id };
  }
  if (r.type === 'prime') {
    // Board 1 alone first (it starts the round), then every other board comes online.
    for (const g of r.first ? games.slice(0, 1) : games.slice(1)) publishers[g.board - 1].publish({ ...g.states[0], t: wallNow() });
    await Promise.all(publishers.map((p) => p.flush()));
    return { id: r.id };
  }
  if (r.type === 'go') {
    cpu = process.cpuUsage();
    const fetches: number[] = [];
    const codes = { fresh: 0, unchanged: 0 };
    const polling = poll(r.feed, r.ms, fetches, codes);
    const made = direct ? 0 : await playBoards(games, r.ms, r.seed, (s: BoardState) => publishers[s.board - 1].publish(s));
    await Promise.all(publishers.map((p) => p.flush()));
    await polling;
    return { id: r.id, moves: made, fetches: Float64Array.from(fetches), ...codes, cpuMs: cpuMs() };
  }
  if (r.type === 'close') {
    await Promise.all(publishers.map((p) => p.close()));
    publishers = [];
    games = [];
    return { id: r.id };
  }
  throw new Error(`hosts cannot ${r.type}`);
}

/**
 * Fetches the round's PDN every 200 ms for `ms`, as a polling relay does every few seconds: with
 * If-None-Match of the last answer's ETag, on one keep-alive connection; each fetch timed from the
 * request to the last byte of the answer.
 */
async function poll(feed: string, ms: number, out: number[], codes: { fresh: number; unchanged: number }): Promise<void> {
  const pollAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const end = performance.now() + ms;
  let etag: string | null = null;
  while (performance.now() < end) {
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = http.get(feed, { agent: pollAgent, headers: etag ? { 'If-None-Match': etag } : {} }, (res) => {
        res.resume();
        res.on('end', () => {
          out.push(performance.now() - t0);
          if (res.statusCode === 304) codes.unchanged++;
          else if (res.statusCode === 200) codes.fresh++;
          else reject(new Error(`GET ${feed}: ${res.statusCode}`));
          etag = typeof res.headers.etag === 'string' ? res.headers.etag : etag;
          resolve();
        });
      });
      req.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  pollAgent.destroy();
}
