import type { Variant } from '../../rules/index.ts';
import { parseSquare } from '../../rules/index.ts';
import type { Button, RefereeEvent } from '../game/referee/types.ts';
import { BOARD_BUTTONS } from '../link/types.ts';

/** One line of an action script: what hands do to a board. */
export type Action =
  | { readonly kind: 'lift' | 'place'; readonly square: number; readonly line: number }
  | { readonly kind: 'press'; readonly button: Button; readonly line: number }
  | { readonly kind: 'wait'; readonly ms: number; readonly line: number }
  | { readonly kind: 'resign'; readonly color: 'white' | 'black'; readonly line: number }
  | { readonly kind: 'draw'; readonly line: number };

export type ScriptResult = { ok: true; actions: Action[] } | { ok: false; line: number; reason: string };

/** The longest `wait` an action script may say (ms): a day, longer than any game's adjournment. */
export const MAX_WAIT_MS = 86_400_000;

/** Milliseconds between consecutive actions unless a `wait` says otherwise (brief). */
export const ACTION_GAP_MS = 200;


/**
 * Reads an action script (brief, "Action scripts"): one action per line, `#` comments and
 * blank lines ignored, squares in the variant's own notation. Never throws; the first bad
 * line is reported with its number.
 *
 * ```
 * lift 32        # a piece leaves square 32
 * place 28
 * press clock    # also: jadoube, accept, correct
 * wait 1500
 * ```
 */
export function parseActionScript(text: string, v: Variant): ScriptResult {
  const actions: Action[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const body = lines[i].replace(/#.*$/, '').trim();
    if (body === '') continue;
    const [verb, arg, ...rest] = body.split(/\s+/);
    const fail = (reason: string): ScriptResult => ({ ok: false, line, reason: `line ${line}: ${reason}` });
    if (rest.length > 0) return fail(`"${body}" has more than one argument`);
    switch (verb.toLowerCase()) {
      case 'lift':
      case 'place': {
        if (arg === undefined) return fail(`${verb} needs a square`);
        const square = parseSquare(v, arg);
        if (square < 0) return fail(`"${arg}" is not a square of the ${v.name} board (${v.notation === 'numeric' ? `1-${v.geometry.squares}` : 'a1-h8'})`);
        actions.push({ kind: verb.toLowerCase() as 'lift' | 'place', square, line });
        break;
      }
      case 'press': {
        const b = arg?.toLowerCase().replace("j'adoube", 'jadoube') as Button | undefined;
        if (!b || !BOARD_BUTTONS.includes(b)) return fail(`press needs a button: ${BOARD_BUTTONS.join(', ')}`);
        actions.push({ kind: 'press', button: b, line });
        break;
      }
      case 'wait': {
        if (arg === undefined || !/^\d+$/.test(arg)) return fail('wait needs a whole number of milliseconds');
        if (Number(arg) > MAX_WAIT_MS) return fail(`wait ${arg.length > 12 ? `${arg.slice(0, 12)}…` : arg} is longer than a day (${MAX_WAIT_MS} ms): split it or shorten it`);
        actions.push({ kind: 'wait', ms: Number(arg), line });
        break;
      }
      case 'resign': {
        const c = arg?.toLowerCase();
        if (c !== 'white' && c !== 'black') return fail('resign needs a side: white or black');
        actions.push({ kind: 'resign', color: c, line });
        break;
      }
      case 'draw':
        if (arg !== undefined) return fail('draw takes no argument');
        actions.push({ kind: 'draw', line });
        break;
      default:
        return fail(`"${verb}" is not an action: use lift, place, press, wait, resign or draw`);
    }
  }
  return { ok: true, actions };
}

/**
 * The referee events of a script with their times: the first action at `start`, each next
 * one 200 ms later, or `wait` ms later after a wait (which also lets time pass: a tick).
 */
export function eventsOf(actions: readonly Action[], start = 0): { event: RefereeEvent; line: number }[] {
  const out: { event: RefereeEvent; line: number }[] = [];
  let t = start;
  let gap = 0;
  for (const a of actions) {
    if (a.kind === 'wait') {
      t += a.ms;
      out.push({ event: { type: 'tick', t }, line: a.line });
      gap = 0;
      continue;
    }
    t += gap;
    gap = ACTION_GAP_MS;
    const event: RefereeEvent =
      a.kind === 'press'
        ? { type: 'press', button: a.button, t }
        : a.kind === 'resign'
          ? { type: 'resign', color: a.color, t }
          : a.kind === 'draw'
            ? { type: 'draw-agreed', t }
            : { type: a.kind, square: a.square, t };
    out.push({ event, line: a.line });
  }
  return out;
}
