// Hands on a simulated board: an action script played on the switches of an avr8js board, read
// back by the host through its real link, and the board's events given to the referee, as on a
// real board. Any kind of board of the registry with a simulator on stepped time (its `stepped`):
// the dambord board (the committed firmware, the serial protocol) and the Firmata board (stock
// StandardFirmata on a Mega, johnny-five).

import type { Position } from '../../rules/index.ts';
import type { Duplex } from 'node:stream';
import { BOARD_KINDS } from '../boards/registry.ts';
import type { BoardEvent, LinkHealth } from '../link/types.ts';
import { ACTION_GAP_MS } from '../script/actions.ts';
import type { Action } from '../script/actions.ts';
import type { RefereeEvent } from '../game/referee/types.ts';

/** How long a button is held when a script presses it (ms). */
const PRESS_MS = 60;
/** How long the board runs after connecting before the first action, and after the last one (ms). */
const LEAD_MS = 400;
/**
 * The longest stretch of a `wait` that is simulated (ms): long enough for the firmware to scan,
 * debounce, send its heartbeat and a snapshot, and the host to answer. The rest of a longer wait is
 * skipped (nothing happens on an idle board) and added to the times of everything after it.
 */
const IDLE_MS = 1500;

/** Options of {@link playOnSimulatedBoard}. */
export interface SimPlayOptions {
  /** Something between the port and the link (fault injection, host/link/testing/fault.ts). */
  readonly wrap?: (port: Duplex) => Duplex;
  /** Restart the board's MCU at these script times (ms), as a brown-out or a reset button would. */
  readonly resetsAt?: readonly number[];
  /** Which board: the name of a kind of the registry (BOARD_KINDS) with a simulator on stepped time: `dambord` (default: the committed firmware) or `firmata` (StandardFirmata on a Mega). */
  readonly board?: string;
  /** Told the script time (ms, as the action script counts it) played so far, after each action. */
  readonly onProgress?: (scriptMs: number) => void;
  /**
   * The idle time that is simulated, the rest skipped and its time kept: `settleMs` of the 200 ms
   * between two actions (after a press, after its release), at least the time the board and the
   * link take to report an action; `waitMs` of a `wait`. Default: all of the 200 ms, 1500 ms of
   * a wait ({@link IDLE_MS}), which leaves the board its heartbeats and snapshots (a line lost
   * to fault injection is repaired by them). {@link FAST_IDLE} is enough when no line is lost.
   */
  readonly idle?: { readonly settleMs?: number; readonly waitMs?: number };
}

/**
 * The idle time a board needs to be simulated when no line is lost (`dambord replay`): 60 ms
 * after each action (the firmware debounces 5 ms and sends an event line in under 5 ms; the
 * Firmata link samples every 25 ms and debounces 5 ms), 400 ms of a wait. A script of a game
 * then runs about three times as fast as with the defaults.
 */
export const FAST_IDLE = { settleMs: 60, waitMs: 400 } as const;

/** What the host received from the simulated board, as referee events, and the link's health. */
export interface SimPlay {
  readonly events: RefereeEvent[];
  readonly health: LinkHealth;
  /** Board events the link delivered (lifts, places, buttons, link state), for inspection. */
  readonly received: readonly BoardEvent[];
}

/**
 * Plays `actions` on a simulated board that starts with the pieces of `start` on it: each
 * lift or place opens or closes the square's reed switch at the action's time (200 ms apart,
 * or as `wait` says), each press holds the button for 60 ms. The host reads the firmware
 * through `openSerialLink` over the simulated serialport binding; what it receives becomes
 * referee events (board time, squares as indices), with a tick at the end of every `wait`.
 * Time is simulated, the link's timers included: the run is deterministic (a slow machine makes
 * it slower, never different) and faster than real time, and the idle part of a long wait is
 * skipped (see {@link IDLE_MS}): a minute in the hand costs no more than a second.
 */
export async function playOnSimulatedBoard(start: Position, actions: readonly Action[], opts: SimPlayOptions = {}): Promise<SimPlay> {
  const kind = BOARD_KINDS.find((k) => k.name === (opts.board ?? 'dambord'));
  if (!kind?.stepped) throw new Error(`no kind of board "${opts.board}" has a simulator on stepped time`);
  // The link's clock and its periodic work (timeouts, retries, debounce) are on the board's time.
  const { board, binding, link, silent } = kind.stepped({ start, wrap: opts.wrap, reconnect: { initialMs: 20, maxMs: 200 } });
  const received: BoardEvent[] = [];
  const pump = (async () => {
    for await (const e of link.events()) received.push(e);
  })();
  const connected = () => received.some((e) => e.type === 'link' && e.state === 'connected');
  // StandardFirmata blinks its version for 1.6 s before it answers; the dambord firmware says HELLO at once.
  for (let i = 0; i < 100 && !connected(); i++) await binding.advance(50);
  if (!connected()) {
    await link.close();
    throw new Error(silent);
  }
  await binding.advance(LEAD_MS);

  const t0 = board.simTimeMs;
  const ticks: number[] = [];
  /** Waits cut short: from simulated time `at` on, `total` ms of script time were skipped. */
  const skips: { at: number; total: number }[] = [];
  let skipped = 0;
  const resets = [...(opts.resetsAt ?? [])].sort((a, b) => a - b);
  let t = 0;
  let gap = 0;
  // `scriptMs` is simulated script time; the resets are asked in script time, skipped idle time included.
  const runTo = async (scriptMs: number) => {
    while (resets.length > 0 && resets[0] <= scriptMs + skipped) {
      const at = Math.max(0, resets.shift()! - skipped);
      const ahead = t0 + at - board.simTimeMs;
      if (ahead > 0) await binding.advance(ahead);
      board.reset();
    }
    const ahead = t0 + scriptMs - board.simTimeMs;
    if (ahead > 0) await binding.advance(ahead);
  };
  const waitMs = opts.idle?.waitMs ?? IDLE_MS;
  const settleMs = opts.idle?.settleMs ?? ACTION_GAP_MS;
  /**
   * Simulates `run` ms of the next `ms` of script time and skips the rest. The board reports what
   * an action did in the first milliseconds after it, so the skip counts from the middle of the
   * simulated part: what the board reports of the action before (or its heartbeat) comes before,
   * and the next action, reported a few milliseconds behind the simulated clock (the serial
   * link's times start at the board's first line), after.
   */
  const pass = (ms: number, run: number) => {
    const step = Math.min(ms, run);
    t += step;
    if (run < ms) {
      skipped += ms - run;
      skips.push({ at: t0 + t - step / 2, total: skipped });
    }
  };
  let busy = 0; // how long the last action kept the board busy (a press is held)
  for (const a of actions) {
    if (a.kind === 'wait') {
      pass(a.ms, waitMs);
      gap = 0;
      busy = 0;
      ticks.push(t0 + t);
      continue;
    }
    pass(gap, busy + settleMs);
    gap = ACTION_GAP_MS;
    busy = a.kind === 'press' ? PRESS_MS : 0;
    await runTo(t);
    if (a.kind === 'lift' || a.kind === 'place') board.setSquare(a.square + 1, a.kind === 'place');
    else if (a.kind === 'press') {
      board.press(a.button);
      await binding.advance(PRESS_MS);
      board.release(a.button);
    }
    opts.onProgress?.(t + skipped);
  }
  await runTo(t + LEAD_MS);
  const health = link.health();
  await link.close();
  await pump;

  /** A simulated time as script time: the skipped idle time before it added back. */
  const real = (at: number): number => {
    let lo = 0;
    let hi = skips.length; // skips[0, lo) are at or before `at`
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (skips[mid].at <= at) lo = mid + 1;
      else hi = mid;
    }
    return at + (lo > 0 ? skips[lo - 1].total : 0);
  };
  const boardEvents: RefereeEvent[] = [];
  const commands: { at: number; event: RefereeEvent }[] = [];
  for (const e of received) {
    if (e.type === 'lift' || e.type === 'place') boardEvents.push({ type: e.type, square: e.square, t: real(e.t) });
    else if (e.type === 'button' && e.down) boardEvents.push({ type: 'press', button: e.button, t: real(e.t) });
  }
  // Resignations and draws are commands from the players, not the board: they keep their place, in script time.
  let scriptT = 0;
  gap = 0;
  for (const a of actions) {
    if (a.kind === 'wait') {
      scriptT += a.ms;
      gap = 0;
      continue;
    }
    scriptT += gap;
    gap = ACTION_GAP_MS;
    if (a.kind === 'resign') commands.push({ at: scriptT, event: { type: 'resign', color: a.color, t: t0 + scriptT } });
    if (a.kind === 'draw') commands.push({ at: scriptT, event: { type: 'draw-agreed', t: t0 + scriptT } });
  }
  const merged = [...boardEvents, ...ticks.map((at) => ({ type: 'tick', t: real(at) }) as RefereeEvent), ...commands.map((c) => c.event)];
  merged.sort((x, y) => x.t - y.t);
  return { events: merged, health, received };
}
