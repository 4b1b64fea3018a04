// A Hub engine (the protocol of Scan 3.x, "Hub protocol for draughts, version 2", protocol.txt
// by Fabien Letouzey). The lines are read and written by hubLine.ts, positions and moves by
// hubNotation.ts, the process by hubProcess.ts.

import { dirname, resolve } from 'node:path';
import type { Game, Move, Position, Variant, VariantName } from '../../rules/index.ts';
import { KING, currentPosition, legalMoves, play, sameMove } from '../../rules/index.ts';
import type { Score } from '../../engine/types.ts';
import type { Engine, EngineAnswer, EngineInfo, EngineLimits } from './engine.ts';
import { EngineError } from './engine.ts';
import type { EngineLog } from './engineLog.ts';
import { NO_LOG } from './engineLog.ts';
import type { HubLine } from './hubLine.ts';
import { readHubLine, writeHubLine } from './hubLine.ts';
import { hubMove, hubPosition, readHubMove } from './hubNotation.ts';
import { HubProcess } from './hubProcess.ts';

/**
 * How long a Hub engine may take, in ms:
 * - `startMs`: from `hub` to `wait` (the engine's declarations);
 * - `initMs`: from `init` to `ready` (an engine loads its book and bitbases then);
 * - `pingMs`: from `ping` to `pong`;
 * - `graceMs`: the grace after a move's time and its 10% (issue 30): at the move's time plus 10%
 *   the engine is sent `stop` ("The engine is not expected to react instantly, but must still
 *   produce a "done" answer"), and a `done` later than the grace after that is `slow`; after an
 *   abort's `stop`, no `done` within the grace is `silent`. Under a game clock, `stop` is sent a
 *   grace before the engine's time runs out and `done` must come before it does. A search with
 *   only a depth or a number of nodes has no time: it ends with its `done` or an abort.
 */
export interface HubTimeouts {
  readonly startMs: number;
  readonly initMs: number;
  readonly pingMs: number;
  readonly graceMs: number;
}

/** The default {@link HubTimeouts}: 10 s to declare, 60 s to initialise, 5 s to answer a ping, a grace of 500 ms. */
export const HUB_TIMEOUTS: HubTimeouts = { startMs: 10_000, initMs: 60_000, pingMs: 5_000, graceMs: 500 };

/**
 * How a Hub engine is started: its command line (the caller splits the arguments), run in `cwd`
 * (the command's own folder by default, as engines read their data files from there), for
 * `variant`; `params`, engine parameters to set (`set-param`) before `init`; `log`, the protocol
 * both ways.
 */
export interface HubOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly variant: Variant;
  readonly log?: EngineLog;
  readonly params?: Readonly<Record<string, string>>;
  readonly timeouts?: Partial<HubTimeouts>;
}

/** A Hub engine: an {@link Engine}, and what the protocol gives beside it. */
export interface HubEngine extends Engine {
  /** The engine's `id` line (name, version, author, country). */
  readonly id: ReadonlyMap<string, string>;
  /** The engine's `param` lines, each its arguments (name, value, type, values, min, max). */
  readonly params: readonly ReadonlyMap<string, string>[];
  /** `go analyze` in place of `go think`: the engine may skip its book and search a forced move. */
  analyze(game: Game, limits: EngineLimits, opts?: Parameters<Engine['think']>[2]): Promise<EngineAnswer>;
  /** `ping`, answered by `pong`: the time it took, in ms. EngineError 'silent' when no pong comes in time. */
  ping(): Promise<number>;
}

/**
 * The values of a Hub engine's `variant` parameter that name each variant: Scan calls
 * international draughts `normal` (its others, `killer`, `bt`, `frisian`, `losing`, are variants
 * dambord does not play). An engine with no `variant` parameter plays international draughts, the
 * game the protocol is written for.
 */
export const HUB_VARIANTS: Readonly<Record<VariantName, readonly string[]>> = {
  international: ['normal', 'international', 'standard'],
  brazilian: ['brazilian'],
  russian: ['russian'],
  czech: ['czech'],
  english: ['english', 'checkers', 'american'],
};

/**
 * A Hub engine, started and initialised ("The initialisation phase": `hub`, its `id`, `param`s
 * and `wait`; `set-param` for the variant and `params`; `init` and `ready`). EngineError 'start'
 * when it cannot be started, 'refused' when it cannot play the variant or says `error`, 'silent'
 * when it does not answer in time, 'malformed' for a line the protocol cannot read, 'crashed'
 * when it ends; the process is ended on each.
 */
export async function openHubEngine(opts: HubOptions): Promise<HubEngine> {
  const t = { ...HUB_TIMEOUTS, ...opts.timeouts };
  const command = opts.command.includes('/') ? resolve(opts.command) : opts.command;
  const proc = new HubProcess(command, opts.args, opts.cwd ?? (opts.command.includes('/') ? dirname(command) : process.cwd()), opts.log ?? NO_LOG);
  const id = new Map<string, string>();
  const params: ReadonlyMap<string, string>[] = [];
  try {
    proc.send('hub');
    await until(proc, t.startMs, 'wait', (line) => {
      if (line.command === 'id') for (const [k, v] of line.args) id.set(k, v);
      if (line.command === 'param') params.push(line.args);
    });
    proc.name = [id.get('name') ?? opts.command, id.get('version')].filter(Boolean).join(' ');
    const variantParam = params.find((p) => p.get('name') === 'variant');
    const offered = variantParam ? (variantParam.get('values') ?? variantParam.get('value') ?? '').split(/\s+/) : ['normal'];
    const value = HUB_VARIANTS[opts.variant.name].find((v) => offered.includes(v));
    if (value === undefined) throw new EngineError(proc.name, 'refused', `plays ${offered.join(', ')}, not ${opts.variant.name} draughts`);
    // "Hub will set parameters only if the user-selected value is different from the current value declared by the engine."
    if (variantParam && variantParam.get('value') !== value) proc.send(writeHubLine('set-param', { name: 'variant', value }));
    for (const [name, v] of Object.entries(opts.params ?? {})) proc.send(writeHubLine('set-param', { name, value: v }));
    proc.send('init');
    await until(proc, t.initMs, 'ready', () => {});
  } catch (error) {
    await proc.kill();
    throw error;
  }
  let broken: EngineError | null = null;
  let busy = false;

  const search = async (mode: 'think' | 'analyze', game: Game, limits: EngineLimits, signal?: AbortSignal, onInfo?: (info: EngineInfo) => void): Promise<EngineAnswer> => {
    if (broken) throw broken;
    if (busy) throw new EngineError(proc.name, 'refused', 'is already thinking: one search at a time');
    const pos = currentPosition(game);
    const legal = legalMoves(pos);
    if (legal.length === 0) throw new EngineError(proc.name, 'refused', `${pos.turn} has no legal move to search`); // "the GUI will never ask the engine to search a terminal position"
    busy = true;
    try {
      return await searchOnce(mode, game, pos, legal, limits, signal, onInfo);
    } catch (error) {
      if (error instanceof EngineError && ['slow', 'silent', 'crashed', 'start'].includes(error.kind)) {
        broken = error;
        await proc.kill();
      }
      throw error;
    } finally {
      busy = false;
    }
  };

  const searchOnce = async (mode: 'think' | 'analyze', game: Game, pos: Position, legal: readonly Move[], limits: EngineLimits, signal?: AbortSignal, onInfo?: (info: EngineInfo) => void): Promise<EngineAnswer> => {
    const started = performance.now();
    proc.send(posLine(game));
    proc.send(levelLine(limits));
    proc.send(`go ${mode}`);
    const allowed = limits.moveTimeMs !== undefined ? limits.moveTimeMs * 1.1 + t.graceMs : limits.clock ? limits.clock.ownMs : null;
    let stopAt = allowed === null ? null : started + allowed - t.graceMs;
    let failAt = allowed === null ? null : started + allowed;
    let failKind: 'slow' | 'silent' = 'slow';
    let last: EngineInfo | null = null;
    let stopSent = false;
    const stop = () => {
      if (!stopSent) proc.send('stop');
      stopSent = true;
      stopAt = null;
      if (failKind === 'slow' && signal?.aborted) {
        failKind = 'silent';
        failAt = performance.now() + t.graceMs;
      }
    };
    let lastText: string | null = null;
    const onAbort = () => {
      stop();
      proc.poke();
    };
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        const now = performance.now();
        if (stopAt !== null && now >= stopAt) stop();
        if (failAt !== null && now >= failAt) {
          const late = failKind === 'slow' ? `gave no move within its time and 10% (${Math.round(allowed ?? 0)} ms with the grace)` : `gave no move within ${t.graceMs} ms of "stop"`;
          throw new EngineError(proc.name, failKind, late, lastText);
        }
        const wait = Math.min(stopAt !== null ? stopAt - now : Infinity, failAt !== null ? failAt - now : Infinity);
        const text = await proc.next(wait === Infinity ? null : Math.max(0, wait));
        if (text === null) continue;
        lastText = text;
        const line = readHubLine(text);
        if (!line) throw new EngineError(proc.name, 'malformed', 'wrote a line the Hub protocol cannot read', text);
        if (line.command === 'error') throw new EngineError(proc.name, 'refused', `said: ${line.args.get('message') ?? text}`, text);
        if (line.command === 'info') {
          last = readInfo(pos, line, performance.now() - started);
          onInfo?.(last);
        }
        if (line.command !== 'done') continue; // "ignore commands and arguments that they don't understand"
        const written = line.args.get('move');
        if (!written) throw new EngineError(proc.name, 'malformed', 'said "done" without a move', text);
        const read = readHubMove(pos, written, legal);
        if (!read.ok) throw new EngineError(proc.name, read.error === 'illegal' ? 'illegal-move' : read.error === 'ambiguous' ? 'ambiguous-move' : 'malformed', read.reason, text);
        const pv = last && last.pv.length > 0 && sameMove(last.pv[0], read.move) ? [read.move, ...last.pv.slice(1)] : [read.move];
        return { move: read.move, score: last?.score ?? null, pv, depth: last?.depth ?? null, nodes: last?.nodes ?? null, ms: performance.now() - started };
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };

  return {
    name: proc.name,
    id,
    params,
    think: (game, limits, o = {}) => search('think', game, limits, o.signal, o.onInfo),
    analyze: (game, limits, o = {}) => search('analyze', game, limits, o.signal, o.onInfo),
    // "new-game: indicates that the next search will be unrelated to previous ones (=> clear TT)"
    async gameOver() {
      if (!broken) proc.send('new-game');
    },
    async ping() {
      if (broken) throw broken;
      const started = performance.now();
      proc.send('ping');
      await until(proc, t.pingMs, 'pong', () => {});
      return performance.now() - started;
    },
    async close() {
      await proc.quit(1000);
    },
  };
}

/**
 * Reads lines until `command`, handing the others to `each`, within `ms`: 'silent' when it does
 * not come, 'refused' for an engine's `error`, 'malformed' for a line the protocol cannot read.
 */
async function until(proc: HubProcess, ms: number, command: string, each: (line: HubLine) => void): Promise<void> {
  const deadline = performance.now() + ms;
  for (;;) {
    const text = await proc.next(Math.max(0, deadline - performance.now()));
    if (text === null) throw new EngineError(proc.name, 'silent', `did not say "${command}" within ${ms} ms`);
    const line = readHubLine(text);
    if (!line) throw new EngineError(proc.name, 'malformed', 'wrote a line the Hub protocol cannot read', text);
    if (line.command === command) return;
    if (line.command === 'error') throw new EngineError(proc.name, 'refused', `said: ${line.args.get('message') ?? text}`, text);
    each(line);
  }
}

/**
 * `pos pos=... moves="..."`: the position after the last man move or capture, and the king moves
 * since, for the engine's repetition draws ("Sending moves is necessary to allow the engine to
 * detect draw by repetition during search.  Hub only sends king moves, as they are usually
 * reversible.").
 */
export function posLine(game: Game): string {
  let k = game.moves.length;
  while (k > 0 && game.moves[k - 1].captured.length === 0 && (game.positions[k - 1].board[game.moves[k - 1].from] & KING) !== 0) k--;
  const moves = game.moves.slice(k).map(hubMove).join(' ');
  return writeHubLine('pos', moves ? { pos: hubPosition(game.positions[k]), moves } : { pos: hubPosition(game.positions[k]) });
}

/**
 * `level`: "level depth=<max depth>", "level move-time=<time per move>", "level [moves=<remaining
 * moves>] time=<remaining time> [inc=<increment per move>]" (seconds), and `nodes=`, which the
 * protocol lets an engine ignore. "Note: the increment is added before every move": the time sent
 * is the clock's less the increment the engine adds back.
 */
export function levelLine(limits: EngineLimits): string {
  const args: Record<string, string | number | true> = {};
  if (limits.depth !== undefined) args.depth = limits.depth;
  if (limits.nodes !== undefined) args.nodes = limits.nodes;
  if (limits.moveTimeMs !== undefined) args['move-time'] = seconds(limits.moveTimeMs);
  if (limits.clock) {
    if (limits.clock.movesToGo !== undefined) args.moves = limits.clock.movesToGo;
    args.time = seconds(Math.max(0, limits.clock.ownMs - limits.clock.incrementMs));
    if (limits.clock.incrementMs > 0) args.inc = seconds(limits.clock.incrementMs);
  }
  return writeHubLine('level', Object.keys(args).length > 0 ? args : { infinite: true });
}

function seconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}

/** An `info` line: depth, score in men, nodes, time in seconds and the pv as far as its moves are legal. */
function readInfo(pos: Position, line: HubLine, elapsed: number): EngineInfo {
  const num = (name: string): number | null => {
    const v = line.args.get(name);
    return v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
  };
  const pv: Move[] = [];
  let at = pos;
  for (const text of (line.args.get('pv') ?? '').split(/\s+/).filter(Boolean)) {
    const read = readHubMove(at, text);
    if (!read.ok) break;
    pv.push(read.move);
    at = play(at, read.move);
  }
  const men = num('score');
  const score: Score | null = men === null ? null : { kind: 'men', value: men };
  const time = num('time');
  return { depth: num('depth'), score, pv, nodes: num('nodes'), ms: time === null ? elapsed : time * 1000 };
}
