/**
 * What a link's user asks of the board (LEDs, a beep, settings) and the answer it gets, the same
 * for every kind of link: the commands' ranges, and the check a link makes before sending one.
 */
import type { LedFrame, LedPattern, LinkConfig, LinkError } from '../types.ts';

/** A command of the link's user: an LED frame, a beep, or settings. */
export type UserCommand =
  | { readonly type: 'led'; readonly frame: LedFrame }
  | { readonly type: 'beep'; readonly hz: number; readonly ms: number }
  | { readonly type: 'cfg'; readonly config: Partial<LinkConfig> };

/** The answer to the user's command `id`: done, or the error it failed with. */
export type Reply = { readonly id: number; readonly ok: true } | { readonly id: number; readonly ok: false; readonly error: LinkError };

/** Ranges of the commands' numbers (docs/protocol.md): a beep's pitch in Hz and length in ms, each setting's milliseconds. */
export const COMMAND_LIMITS = {
  hz: [100, 8000],
  beepMs: [1, 2000],
  make: [0, 255],
  break: [0, 255],
  snap: [0, 65535],
  hb: [0, 65535],
} as const;

/** The keys of the settings, in the order a link writes them. */
export const CONFIG_KEYS = ['make', 'break', 'snap', 'hb'] as const satisfies readonly (keyof LinkConfig)[];

/** Every LED pattern. */
const LED_PATTERNS: readonly LedPattern[] = ['off', 'on', 'slow', 'fast', 'alternate'];

function inRange(n: number, [min, max]: readonly [number, number]): boolean {
  return Number.isInteger(n) && n >= min && n <= max;
}

/**
 * Why the user's command `cmd` cannot be sent, or null if it can. `squares` is the board's
 * square count, when known, for the length of an LED frame.
 *
 * @example
 * userCommandProblem({ type: 'beep', hz: 50, ms: 100 }) // 'beep of 50 Hz (100-8000)'
 */
export function userCommandProblem(cmd: UserCommand, squares?: number): string | null {
  switch (cmd.type) {
    case 'led': {
      if (!Array.isArray(cmd.frame)) return 'an LED frame is an array of patterns';
      const bad = cmd.frame.findIndex((p) => !LED_PATTERNS.includes(p));
      if (bad >= 0) return `LED pattern '${String(cmd.frame[bad])}' at square index ${bad} is not off, on, slow, fast or alternate`;
      if (squares !== undefined && cmd.frame.length !== squares) return `LED frame of ${cmd.frame.length} squares for a board of ${squares}`;
      if (cmd.frame.length === 0 || cmd.frame.length > 64) return `LED frame of ${cmd.frame.length} squares`;
      return null;
    }
    case 'beep':
      if (!inRange(cmd.hz, COMMAND_LIMITS.hz)) return `beep of ${cmd.hz} Hz (${COMMAND_LIMITS.hz[0]}-${COMMAND_LIMITS.hz[1]})`;
      if (!inRange(cmd.ms, COMMAND_LIMITS.beepMs)) return `beep of ${cmd.ms} ms (${COMMAND_LIMITS.beepMs[0]}-${COMMAND_LIMITS.beepMs[1]})`;
      return null;
    case 'cfg': {
      const keys = Object.keys(cmd.config ?? {});
      if (keys.length === 0) return 'CFG needs at least one of make, break, snap, hb';
      for (const k of keys) {
        if (!(CONFIG_KEYS as readonly string[]).includes(k)) return `CFG key '${k}' is not make, break, snap or hb`;
        const key = k as (typeof CONFIG_KEYS)[number];
        const v = cmd.config[key];
        if (v !== undefined && !inRange(v, COMMAND_LIMITS[key])) return `CFG ${key}=${v} (${COMMAND_LIMITS[key][0]}-${COMMAND_LIMITS[key][1]})`;
      }
      return null;
    }
    default:
      return `unknown command ${JSON.stringify(cmd)}`;
  }
}
