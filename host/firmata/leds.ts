/**
 * LED frames as MAX7219 rows for the Firmata board, blink phases included. Firmata has no blink
 * of its own: the host redraws the rows whose blinking squares change phase. Phases follow the
 * host clock as the dambord firmware's follow board time (docs/protocol.md, `LED`): `slow` is on
 * for the first 500 ms of every second, `fast` for the first 125 ms of every 250, `alternate` is
 * `slow` inverted; a square that keeps its pattern does not stutter when a new frame arrives.
 *
 * @example
 *   ledRows(frame, 1200)   // 8 row bytes, as johnny-five's Led.Matrix `row(r, value)` takes them
 */
import { ledOfSquare } from '../../hardware/firmata/profile.ts';
import type { LedFrame, LedPattern } from '../link/types.ts';

/** Whether a square with `pattern` is lit at host time `nowMs`. */
export function litAt(pattern: LedPattern, nowMs: number): boolean {
  const slow = ((nowMs % 1000) + 1000) % 1000 < 500;
  switch (pattern) {
    case 'on':
      return true;
    case 'slow':
      return slow;
    case 'alternate':
      return !slow;
    case 'fast':
      return ((nowMs % 250) + 250) % 250 < 125;
    default:
      return false;
  }
}

/** The 8 MAX7219 row bytes showing `frame` at `nowMs`. */
export function ledRows(frame: LedFrame, nowMs: number): number[] {
  const rows = [0, 0, 0, 0, 0, 0, 0, 0];
  frame.forEach((pattern, i) => {
    if (!litAt(pattern, nowMs)) return;
    const led = ledOfSquare(i + 1);
    rows[led.row] |= led.bit;
  });
  return rows;
}

/** Whether any square of `frame` blinks (the host must then redraw as phases turn). */
export function blinks(frame: LedFrame): boolean {
  return frame.some((p) => p === 'slow' || p === 'fast' || p === 'alternate');
}
