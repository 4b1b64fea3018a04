import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startEmbeddedBroker } from '../host/broadcast/broker.ts';
import { openSubscriber } from '../host/broadcast/mqttLink.ts';
import { startBroadcastServer } from '../host/broadcast/server.ts';
import { createRoundStore } from '../host/broadcast/store.ts';
import { nodeStoreHost } from '../host/broadcast/storeHost.ts';
import type { BoardState } from '../host/broadcast/types.ts';
import type { Answer, Request } from './broadcast.child.ts';
import { EVENT, boardGames, playBoards, wallNow } from './broadcastGames.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * Issue 15: the delay from a move on a board to a viewer's page, through the broadcast's real
 * parts, beside what a polling relay (lidraughts') adds.
 *
 * The path: the hosts' publishers (openPublisher, one MQTT client a board) -> an embedded aedes
 * broker (startEmbeddedBroker) -> the relay's subscriber (openSubscriber) -> the round store's
 * put (createRoundStore) -> the broadcast server (startBroadcastServer) -> viewers on GET
 * /api/round/events. This process is the relay: broker, subscriber, store and server, as
 * `dambord relay` runs them. The hosts are a child process of their own (bench/broadcast.child.ts,
 * `hosts`), and the viewers two more (`viewers`, half each), each viewer on its own keep-alive
 * connection, parsing the event stream itself and reconnecting with Last-Event-ID when cut, so
 * that the relay's process is what is measured, not the viewers' parsing. All on one machine:
 * the viewers' processes share its cores with the relay (their CPU is in the notes).
 *
 * The boards play real games (bench/broadcastGames.ts: nk ronde 01.pdn, standing after ply
 * 20..49 with their live scoresheet, a board event is about 4 KB of JSON); each makes a move
 * every 1..3 s (2 s on average), for 10 s a configuration (`--quick`: 3 s). Board 1 starts the
 * round before the viewers connect, the others come online after, before the clock starts: the
 * viewers' first snapshot is small, and every board event they get after it is counted.
 *
 * Latency: from the state's `t` (wall clock, sub-millisecond, taken on the host as it makes the
 * state) to its receipt by a viewer after JSON.parse (the same clock in the viewer's process),
 * every viewer's every board event made in the measured time; median and p99 (nearest rank).
 * The check: every viewer got every board event (board, rev) exactly once, lost and doubled
 * counted once the viewers have caught up (waited for up to 60 s after the last move).
 *
 * Baseline, measured under the same load: a polling relay. lidraughts' relays fetch every 2-60 s
 * (3 s for a local source, 5 s otherwise on lichess): a move waits half an interval on average
 * and at worst a whole one, plus one fetch. The fetch is timed here: GET /feed/round.pdn with
 * If-None-Match of the last ETag, every 200 ms from the hosts' process, to its last byte (the
 * round changes more often than that, so nearly every answer is a fresh 200). Poll median =
 * interval / 2 + fetch median; poll p99 = 0.99 x interval + fetch median; for 3 s and 5 s.
 * Second baseline: the one-host path without MQTT (store.put in this process, as `dambord event`
 * serves its own boards) at 64 boards and 1,000 viewers, so that the MQTT hop's cost shows; the
 * hop alone is timed too, from a state's `t` to the relay's store.put.
 *
 * What it costs the relay is in the notes: its CPU (% of one core) and event-loop delay, the
 * viewers' processes' CPU, and the median latency of the moves made in the first and in the last
 * second, which tells a relay that keeps up (the same) from one falling further behind (growing:
 * then the figures depend on how long the moves come, and are no steady state).
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const ms = (opts.quick ? 3 : 10) * 1000;
  const goal = 500;
  const file = fileURLToPath(new URL('./broadcast.child.ts', import.meta.url));
  const start = (role: string): Child => child(fork(file, [role], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const hosts = start('hosts');
  const viewers = [start('viewers'), start('viewers')];
  const configs: Config[] = [
    { boards: 1, viewers: 1000, mqtt: true },
    { boards: 64, viewers: 1000, mqtt: true },
    { boards: 64, viewers: 1000, mqtt: false },
    { boards: 200, viewers: 1000, mqtt: true },
    { boards: 64, viewers: 100, mqtt: true },
    { boards: 64, viewers: 5000, mqtt: true },
  ];
  const measured: Measured[] = [];
  try {
    for (const [i, c] of configs.entries()) {
      const started = performance.now();
      const m = await measure(c, ms, 15 + i, hosts, viewers);
      measured.push(m);
      process.stderr.write(`  broadcast ${label(c)}: median ${m.median.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, ${m.samples} samples (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    }
  } finally {
    await Promise.all([hosts, ...viewers].map((c) => c.end()));
  }

  const rows: BenchResult[] = [];
  const num = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  for (const m of measured.filter((x) => x.config.mqtt)) {
    const c = m.config;
    const poll = (interval: number, q: number): number => q * interval + m.fetch;
    const vs5 = (figure: number, q: number): string => `5 s polling: ${num(poll(5000, q))} ms (${(figure / poll(5000, q)).toFixed(3)}x)`;
    const name = `broadcast ${c.boards} board${c.boards === 1 ? '' : 's'} x ${c.viewers} viewers, MQTT`;
    rows.push(
      {
        name: `${name}: move -> viewer, median`, figure: m.median, unit: 'ms', better: 'lower',
        baseline: { name: `polling every 3 s: 1.5 s + fetch ${num(m.fetch)} ms`, figure: poll(3000, 0.5) }, ratio: m.median / poll(3000, 0.5),
        note: `${vs5(m.median, 0.5)}; ${m.samples} events (${m.made} moves x ${c.viewers} viewers, ${num(m.samples / (ms / 1000) / 1000)}k a second, ${num(m.frameBytes / 1024)} KB each); median of the first second's moves ${num(m.firstSecond)} ms, of the last second's ${num(m.lastSecond)} ms; relay ${m.relayCpu.toFixed(0)}% of a core (event-loop delay p99 ${num(m.loopP99)} ms), the viewers' two processes ${m.viewerCpu.toFixed(0)}%, connect ${num(m.connectMs / 1000)} s`,
      },
      {
        name: `${name}: move -> viewer, p99`, figure: m.p99, unit: 'ms', better: 'lower',
        baseline: { name: `polling every 3 s: 2.97 s + fetch`, figure: poll(3000, 0.99) }, ratio: m.p99 / poll(3000, 0.99),
        ...(c.boards === 64 && c.viewers === 1000 ? { target: { figure: goal, met: m.p99 < goal } } : {}),
        note: `${vs5(m.p99, 0.99)}; max ${num(m.max)} ms; host -> relay (MQTT) median ${num(m.hopMedian)} ms, p99 ${num(m.hopP99)} ms; ${checked(m)}; fetch GET /feed/round.pdn: ${m.fetches} (${m.fresh} 200, ${m.unchanged} 304), median ${num(m.fetch)} ms`,
      },
    );
  }
  const mq = measured.find((m) => m.config.mqtt && m.config.boards === 64 && m.config.viewers === 1000);
  const one = measured.find((m) => !m.config.mqtt);
  if (mq && one) {
    rows.push(
      {
        name: 'broadcast 64 boards x 1000 viewers: MQTT vs one host, median', figure: mq.median, unit: 'ms', better: 'lower',
        baseline: { name: 'one host: store.put, no MQTT', figure: one.median }, ratio: mq.median / one.median,
        note: `MQTT hop (host -> relay's store.put) median ${num(mq.hopMedian)} ms, p99 ${num(mq.hopP99)} ms; one host: ${one.samples} events, relay ${one.relayCpu.toFixed(0)}% of a core (moves made in it too), fetch median ${num(one.fetch)} ms`,
      },
      {
        name: 'broadcast 64 boards x 1000 viewers: MQTT vs one host, p99', figure: mq.p99, unit: 'ms', better: 'lower',
        baseline: { name: 'one host: store.put, no MQTT', figure: one.p99 }, ratio: mq.p99 / one.p99,
        note: `one host: max ${num(one.max)} ms; ${checked(one)}`,
      },
    );
  }
  return rows;
}

interface Config {
  readonly boards: number;
  readonly viewers: number;
  /** Through the broker (host -> MQTT -> relay), or put in the store directly (one host). */
  readonly mqtt: boolean;
}

interface Measured {
  readonly config: Config;
  readonly samples: number;
  /** The median latency of the events made in the first second and in the last second of the measured time. */
  readonly firstSecond: number;
  readonly lastSecond: number;
  /** From the state's `t` to the relay's store.put: the MQTT hop (host, broker, subscriber), median and p99. */
  readonly hopMedian: number;
  readonly hopP99: number;
  readonly median: number;
  readonly p99: number;
  readonly max: number;
  readonly made: number;
  readonly lost: number;
  readonly doubled: number;
  readonly reconnects: number;
  readonly snapshots: number;
  /** The viewers still missing an event 60 s after the last move reached the relay. */
  readonly behind: number;
  readonly fetch: number;
  readonly fetches: number;
  readonly fresh: number;
  readonly unchanged: number;
  /** Mean bytes of a board event's frame. */
  readonly frameBytes: number;
  /** CPU of this process (the relay) and of both viewers' processes over the measured time, in % of one core. */
  readonly relayCpu: number;
  readonly viewerCpu: number;
  readonly loopP99: number;
  readonly connectMs: number;
}

const label = (c: Config): string => `${c.boards} x ${c.viewers}${c.mqtt ? '' : ' (one host)'}`;

const checked = (m: Measured): string =>
  `every viewer every event once: ${m.lost === 0 && m.doubled === 0 && m.behind === 0 ? 'yes' : 'NO'} (lost ${m.lost}, doubled ${m.doubled}${m.behind ? `, ${m.behind} viewers behind` : ''}; ${m.reconnects} reconnects, ${m.snapshots} snapshots again)`;

/** A child process and its requests by id. */
interface Child {
  ask(r: DistributiveOmit<Request, 'id'>, timeoutMs?: number): Promise<Answer>;
  /** Disconnects it and waits for its exit (killed after 5 s). */
  end(): Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function child(p: ChildProcess): Child {
  let ids = 0;
  const pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  const exited = new Promise<void>((resolve) => p.once('exit', () => resolve()));
  p.on('message', (a: Answer) => {
    const w = pending.get(a.id);
    pending.delete(a.id);
    if (a.error) w?.reject(new Error(`broadcast child: ${a.error}`));
    else w?.resolve(a);
  });
  p.once('exit', (code) => {
    for (const w of pending.values()) w.reject(new Error(`broadcast child exited (${code})`));
    pending.clear();
  });
  return {
    ask(r, timeoutMs = 120_000) {
      const id = ++ids;
      return new Promise<Answer>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`broadcast child: no answer to ${r.type} in ${timeoutMs} ms`));
        }, timeoutMs);
        const done = <T>(f: (x: T) => void) => (x: T) => {
          clearTimeout(timer);
          f(x);
        };
        pending.set(id, { resolve: done(resolve), reject: done(reject) });
        p.send({ ...r, id } as Request);
      });
    },
    async end() {
      if (p.exitCode === null && p.signalCode === null) {
        if (p.connected) p.disconnect();
        const timer = setTimeout(() => p.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Waits until `ok()` holds, or `ms` has passed; whether it holds. */
async function until(ok: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (!ok() && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  return ok();
}

const nearest = (sorted: Float64Array, q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

/** One configuration: its relay, broker and server made, its viewers connected, `ms` of moves, everything closed again. */
async function measure(c: Config, ms: number, seed: number, hosts: Child, viewers: readonly Child[]): Promise<Measured> {
  const tag = `${c.boards}x${c.viewers}${c.mqtt ? '' : 'd'}-${process.pid}`;
  const moves = Math.ceil(ms / 1000) + 1;
  const broker = c.mqtt ? await startEmbeddedBroker() : null;
  const store = createRoundStore({ event: EVENT }, nodeStoreHost);
  let measuring = false;
  let taken = 0;
  const bad: string[] = [];
  // The states as they reach the relay: host -> relay, the MQTT hop (nothing for one host), per state.
  const hop: number[] = [];
  const put = (s: BoardState): void => {
    if (measuring) hop.push(wallNow() - s.t);
    if (store.put(s)) taken++;
  };
  const subscriber = broker ? openSubscriber({ url: broker.url, clientId: `bench-relay-${tag}`, event: EVENT, onState: put, onBad: (topic, why) => bad.push(`${topic}: ${why}`) }) : null;
  await subscriber?.ready;
  const server = await startBroadcastServer(store, { port: 0 });
  let frames = 0;
  let bytes = 0;
  const unsubscribe = store.subscribe((e) => {
    if (!measuring || e.board === null) return;
    frames++;
    bytes += Buffer.byteLength(e.frame);
  });
  const revs = (): Record<number, number> => Object.fromEntries(store.snapshot().boards.map((b) => [b.board, b.rev]));
  const games = c.mqtt ? [] : boardGames(c.boards, moves);
  const half = [Math.ceil(c.viewers / 2), Math.floor(c.viewers / 2)];
  try {
    await hosts.ask({ type: 'open', mqtt: broker?.url ?? null, boards: c.boards, moves, tag });
    // Board 1 starts the round; the viewers connect; the other boards come online.
    if (broker) await hosts.ask({ type: 'prime', first: true });
    else put({ ...games[0].states[0], t: wallNow() });
    if (!(await until(() => taken >= 1, 10_000))) throw new Error('board 1 did not reach the relay');
    const connected = await Promise.all(viewers.map((v, i) => v.ask({ type: 'connect', url: server.url, count: half[i] })));
    if (broker) await hosts.ask({ type: 'prime', first: false });
    else for (const g of games.slice(1)) put({ ...g.states[0], t: wallNow() });
    if (!(await until(() => taken >= c.boards, 10_000))) throw new Error(`only ${taken} of ${c.boards} boards reached the relay`);
    await Promise.all(viewers.map((v) => v.ask({ type: 'drain', revs: revs(), timeoutMs: 30_000 })));
    await Promise.all(viewers.map((v) => v.ask({ type: 'mark' })));

    // The measured time: the boards make their moves; the feed is polled meanwhile.
    const from = wallNow();
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    measuring = true;
    const going = hosts.ask({ type: 'go', ms, seed, feed: new URL('feed/round.pdn', server.url).href });
    const madeHere = broker ? 0 : await playBoards(games, ms, seed, put);
    const went = await going;
    const made = broker ? went.moves! : madeHere;
    if (!(await until(() => taken >= c.boards + made, 60_000))) throw new Error(`${c.boards + made - taken} of ${made} moves did not reach the relay`);
    const final = revs();
    const drained = await Promise.all(viewers.map((v) => v.ask({ type: 'drain', revs: final, timeoutMs: 60_000 })));
    measuring = false;
    loop.disable();
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - t0;
    const reports = await Promise.all(viewers.map((v) => v.ask({ type: 'report', from, revs: final })));
    if (bad.length > 0) throw new Error(`the relay ignored ${bad.length} states: ${bad[0]}`);

    const latencies = new Float64Array(reports.reduce((a, r) => a + r.latencies!.length, 0));
    let at = 0;
    for (const r of reports) {
      latencies.set(r.latencies!, at);
      at += r.latencies!.length;
    }
    // The median of the events made in the first and in the last second: whether the relay kept up or fell behind more and more.
    const within = (lo: number, hi: number): Float64Array => {
      const xs: number[] = [];
      for (const r of reports) r.made!.forEach((t, i) => t >= lo && t < hi && xs.push(r.latencies![i]));
      return Float64Array.from(xs).sort();
    };
    const firstSecond = nearest(within(0, 1000), 0.5);
    const lastSecond = nearest(within(ms - 1000, ms), 0.5);
    latencies.sort();
    const hops = Float64Array.from(hop).sort();
    const fetches = went.fetches!.slice().sort();
    const sum = (f: (a: Answer) => number, of: readonly Answer[]): number => of.reduce((a, r) => a + f(r), 0);
    return {
      config: c, samples: latencies.length, firstSecond, lastSecond, hopMedian: nearest(hops, 0.5), hopP99: nearest(hops, 0.99), median: nearest(latencies, 0.5), p99: nearest(latencies, 0.99), max: latencies[latencies.length - 1] ?? NaN, made,
      lost: sum((r) => r.lost!, reports), doubled: sum((r) => r.doubled!, reports), reconnects: sum((r) => r.reconnects!, reports), snapshots: sum((r) => r.snapshots!, reports),
      behind: sum((r) => r.behind!, drained),
      fetch: nearest(fetches, 0.5), fetches: fetches.length, fresh: went.fresh!, unchanged: went.unchanged!,
      frameBytes: frames ? bytes / frames : NaN,
      relayCpu: ((cpu.user + cpu.system) / 1000 / wall) * 100,
      viewerCpu: (sum((r) => r.cpuMs!, reports) / wall) * 100,
      loopP99: loop.percentile(99) / 1e6,
      connectMs: Math.max(...connected.map((a) => a.ms!)),
    };
  } finally {
    unsubscribe();
    // The viewers' sockets closed before the next configuration opens its own.
    await Promise.all(viewers.map((v) => v.ask({ type: 'close' }).catch(() => {})));
    await server.close();
    await subscriber?.close();
    await hosts.ask({ type: 'close' }).catch(() => {});
    await broker?.close();
    store.close();
  }
}
