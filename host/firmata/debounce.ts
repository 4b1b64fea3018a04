/**
 * Per-switch debounce with separate make and break times, as a tiny pure algorithm: the state is
 * plain data, the time is passed in, nothing reads a clock (style item 8; ZMK's zmk_debounce,
 * QMK's quantum/debounce).
 *
 * Algorithm, named by behaviour as QMK names its own: **asym_defer_pk** — asymmetric, deferred,
 * per key. Like QMK's sym_defer_pk each switch has its own timer and a change is deferred until
 * the raw level has stayed put for the whole debounce time; unlike it, closing (make) and
 * opening (break) have their own times. Any bounce shorter than the time restarts the timer and
 * is never reported. A reported change carries `t`, the time the raw level became stable (the
 * first sample at the new level after the last bounce), not the time it was reported.
 *
 * `raw[i]` is true when switch i is closed (a piece on the square, a button pressed): the host
 * link turns the pull-up inputs' LOW into true.
 *
 * @example
 *   let s = createDebounce({ makeMs: 5, breakMs: 20, count: 50 });
 *   const r = debounce(s, now, levels);
 *   if (r.error) log(r.error); else { s = r.state; for (const c of r.changes) emit(c); }
 */

export interface DebounceSwitch {
  /** The debounced level reported so far. */
  readonly stable: boolean;
  /** The raw level last seen. */
  readonly raw: boolean;
  /** When the raw level last changed (ms); meaningful only while raw differs from stable. */
  readonly since: number;
}

export interface DebounceState {
  readonly makeMs: number;
  readonly breakMs: number;
  /** Time of the last call (ms), or null before the first. */
  readonly now: number | null;
  readonly switches: readonly DebounceSwitch[];
}

export interface DebounceChange {
  readonly index: number;
  /** true: the switch closed (piece placed, button pressed); false: it opened. */
  readonly pressed: boolean;
  /** When the raw level became stable (ms). */
  readonly t: number;
}

export interface DebounceResult {
  /** The next state; on error, the state passed in, unchanged. */
  readonly state: DebounceState;
  readonly changes: readonly DebounceChange[];
  /** Set when the call was rejected (time went backwards, wrong number of inputs). */
  readonly error?: string;
}

export interface DebounceOptions {
  /** How long a closed level must hold before a close is reported (ms). */
  readonly makeMs: number;
  /** How long an open level must hold before an open is reported (ms). */
  readonly breakMs: number;
  readonly count: number;
  /** Levels the switches start at, already debounced (default: all open). */
  readonly initial?: readonly boolean[];
}

/** A fresh state. Negative or non-finite times are treated as 0. */
export function createDebounce(opts: DebounceOptions): DebounceState {
  const ms = (v: number): number => (Number.isFinite(v) && v > 0 ? v : 0);
  return {
    makeMs: ms(opts.makeMs),
    breakMs: ms(opts.breakMs),
    now: null,
    switches: Array.from({ length: opts.count }, (_, i) => {
      const level = opts.initial?.[i] ?? false;
      return { stable: level, raw: level, since: 0 }; // since only matters once raw differs from stable
    }),
  };
}

/**
 * One sample of every switch at time `now` (ms). Returns the next state and the switches whose
 * debounced level changed, in index order. Never throws: a time earlier than the previous call,
 * a non-finite time or a `raw` of the wrong length is rejected with `error` and no changes.
 */
export function debounce(state: DebounceState, now: number, raw: readonly boolean[]): DebounceResult {
  if (!Number.isFinite(now)) return { state, changes: [], error: `debounce: time ${now} is not a finite number` };
  if (state.now !== null && now < state.now) {
    return { state, changes: [], error: `debounce: time went backwards (${now} ms after ${state.now} ms)` };
  }
  if (raw.length !== state.switches.length) {
    return { state, changes: [], error: `debounce: ${raw.length} inputs, expected ${state.switches.length}` };
  }
  const changes: DebounceChange[] = [];
  const switches = state.switches.map((sw, index): DebounceSwitch => {
    const level = raw[index] === true;
    const since = level === sw.raw ? sw.since : now;
    if (level !== sw.stable && now - since >= (level ? state.makeMs : state.breakMs)) {
      changes.push({ index, pressed: level, t: since });
      return { stable: level, raw: level, since };
    }
    return level === sw.raw ? sw : { stable: sw.stable, raw: level, since };
  });
  return { state: { ...state, now, switches }, changes };
}

/**
 * Changes in time order. With separate make and break times, a change that began later can be
 * confirmed first (a 5 ms make after a 20 ms break), so confirmed changes are held until every
 * switch still settling began after them. `held` are changes confirmed before, not yet
 * released; returns what may be delivered now, ordered by time then index, and what stays held.
 *
 * @example
 *   const r = debounce(s, now, levels);
 *   const { release, hold } = releaseInOrder(r.state, [...held, ...r.changes]);
 */
export function releaseInOrder(state: DebounceState, held: readonly DebounceChange[]): { release: DebounceChange[]; hold: DebounceChange[] } {
  let settling = Infinity;
  for (const sw of state.switches) if (sw.raw !== sw.stable && sw.since < settling) settling = sw.since;
  const sorted = [...held].sort((a, b) => a.t - b.t || a.index - b.index);
  const cut = sorted.findIndex((c) => c.t > settling);
  return cut < 0 ? { release: sorted, hold: [] } : { release: sorted.slice(0, cut), hold: sorted.slice(cut) };
}
