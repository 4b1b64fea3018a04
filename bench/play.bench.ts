import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { PlayView } from '../host/game/types.ts';
import { startWebServer } from '../host/web/server.ts';
import { makeByHand, openPlayPipeline } from './playPipeline.ts';
import { run as runHost } from './host.bench.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * The issue: "time from the last sensor event of a move to the move appearing on the page and
 * the LED frame reaching the simulated MAX7219 (median, p99). Target: p99 under 50 ms".
 *
 * The pipeline of `dambord play`, in this process: the simulated board (committed firmware in
 * avr8js) running on the wall clock, the serial link, a session with its journal on disk
 * (fsync'ed as in play), the web server, and a page's event stream read over HTTP
 * (`GET /api/events`, `event: view`). Each ply of a real game is made as hands do: lift
 * `from`, place `to`, lift each captured piece, 30 ms apart. The clock starts at the
 * `setSquare` that completes the move (the place of a man's move, the last captured lift);
 *  (a) page: until the SSE `view` whose `moves` holds the new ply has been read by the client;
 *  (b) LEDs: until the MAX7219 latch after which every square of the new last move (from and
 *      every landing square) is lit. The latch is seen through `max7219.onLatch`, which the
 *      simulator calls synchronously when the emulated CPU raises LOAD; the wall time is taken
 *      there (performance.now()). As the board runs in real time (slices of at most 4 ms, its
 *      lag reported), that is when the frame reaches the chip as the host sees it. The same
 *      latency in board time (latch.ms - board time at the switch change) is reported beside it.
 * Baseline: bench/host.bench.ts (switch -> move output of the referee, without journal, page
 * and LEDs), run in the same process just before, with as many plies.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const plies = opts.quick ? 12 : 40;
  const host = await runHost(opts); // quick: 20 plies, else 80: the same pipeline's baseline
  const hostMedian = host[0].figure;
  const hostP99 = host[1].figure;

  const { moves, board, session, close } = openPlayPipeline(plies, 'play');
  const server = await startWebServer(session, { port: 0 });

  // The expected last-move squares of the ply being made; the first latch (after the clock
  // starts) that shows them all lit completes the LED measurement.
  const pending: {
    ply: number; t0: number; s0: number; leds: number[];
    page: number | null; led: number | null; ledSim: number | null; session: number | null;
    settled: () => void;
  }[] = [];
  const check = (p: (typeof pending)[number]) => {
    if (p.page !== null && p.led !== null && p.session !== null) p.settled();
  };
  board.max7219.onLatch = (latch) => {
    const now = performance.now();
    const p = pending[0];
    if (!p || p.led !== null || latch.ms < p.s0) return;
    if (p.leds.every((sq) => board.max7219.isLit(sq))) {
      p.led = now - p.t0;
      p.ledSim = latch.ms - p.s0;
      check(p);
    }
  };
  session.subscribe((view) => {
    const p = pending[0];
    if (p && p.session === null && view.moves.length >= p.ply) {
      p.session = performance.now() - p.t0;
      check(p);
    }
  });

  // The page: an event stream read as a browser would, in the same process.
  let connectedSeen: () => void = () => {};
  const connected = new Promise<void>((r) => (connectedSeen = r));
  const onView = (view: PlayView) => {
    const now = performance.now();
    if (view.link.state === 'connected') connectedSeen();
    const p = pending[0];
    if (p && p.page === null && view.moves.length >= p.ply) {
      p.page = now - p.t0;
      check(p);
    }
  };
  const stream = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(`${server.url}api/events`, { headers: { accept: 'text/event-stream' } }, resolve);
    req.on('error', reject);
    req.end();
  });
  stream.setEncoding('utf8');
  let buffer = '';
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = message.split('\n');
      if (!lines.includes('event: view')) continue;
      const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, '')).join('\n');
      onView(JSON.parse(data) as PlayView);
    }
  });
  stream.on('error', () => {});
  await connected;

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await sleep(200);
  const page: number[] = [];
  const leds: number[] = [];
  const ledsSim: number[] = [];
  const sessionMs: number[] = [];
  let lagMax = 0;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    let settled: () => void = () => {};
    const done = new Promise<void>((r) => (settled = r));
    const p = { ply: i + 1, t0: 0, s0: 0, leds: [m.from, ...m.path].map((s) => s + 1), page: null, led: null, ledSim: null, session: null, settled };
    await makeByHand(board, m, () => {
      p.t0 = performance.now();
      p.s0 = board.simTimeMs;
      pending.push(p);
    });
    const timeout = sleep(5000).then(() => 'timeout');
    if ((await Promise.race([done.then(() => 'ok'), timeout])) !== 'ok') {
      throw new Error(`ply ${i + 1}: no ${p.page === null ? 'page view' : p.led === null ? 'LED latch' : 'session view'} within 5 s`);
    }
    pending.shift();
    page.push(p.page!);
    leds.push(p.led!);
    ledsSim.push(p.ledSim!);
    sessionMs.push(p.session!);
    lagMax = Math.max(lagMax, board.lagMs);
  }
  stream.destroy();
  await server.close();
  await close();

  const q = (a: number[], f: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * f))];
  const target = 50;
  const result = (name: string, a: number[], f: number, base: number, baseName: string, note?: string): BenchResult => ({
    name, figure: q(a, f), unit: 'ms', better: 'lower',
    baseline: { name: baseName, figure: base }, ratio: q(a, f) / base,
    ...(f === 0.99 ? { target: { figure: target, met: q(a, f) < target } } : {}),
    ...(note ? { note } : {}),
  });
  const fmt = (x: number) => x.toFixed(1);
  return [
    result('play: switch -> move on the page (SSE), median', page, 0.5, hostMedian, 'host.bench: switch -> move printed, median',
      `${page.length} plies of nk ronde 01.pdn game 1; simulated board in real time, serial link, session + fsync'ed journal, web server, SSE client; session view at ${fmt(q(sessionMs, 0.5))} ms median, ${fmt(q(sessionMs, 0.99))} ms p99`),
    result('play: switch -> move on the page (SSE), p99', page, 0.99, hostP99, 'host.bench: switch -> move printed, p99'),
    result('play: switch -> last-move LEDs latched in the MAX7219, median', leds, 0.5, hostMedian, 'host.bench: switch -> move printed, median',
      `wall time at the latch (max7219.onLatch); in board time ${fmt(q(ledsSim, 0.5))} ms median, ${fmt(q(ledsSim, 0.99))} ms p99; board lag at most ${fmt(lagMax)} ms`),
    result('play: switch -> last-move LEDs latched in the MAX7219, p99', leds, 0.99, hostP99, 'host.bench: switch -> move printed, p99'),
  ];
}
