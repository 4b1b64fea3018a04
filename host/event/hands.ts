// Simulated hands for an event's rehearsal: an action script (host/script, as `dambord script`
// renders a game) played on a simulated board in wall time, `speed` times faster than the
// script's own pace; and, after the host restarted, where in the script the hands had got to by
// what the board's journal holds.

import type { JournalEntry } from '../game/journal/record.ts';
import { ACTION_GAP_MS } from '../script/actions.ts';
import type { Action } from '../script/actions.ts';
import type { PlayCommand } from '../game/types.ts';
import type { SimulatedHands } from '../play/session.ts';

/** How long a pressed button is held (ms, at speed 1). */
const PRESS_MS = 60;
/** The shortest gap between two actions, whatever the speed (ms): the board's debounce and scan must see each. */
const MIN_GAP_MS = 25;

/** Hands at work on one board. */
export interface HandsRun {
  /** Resolves when the script is played to its end or stopped. */
  readonly done: Promise<void>;
  stop(): void;
}

/**
 * Plays `actions` from index `from` on `hands`: lifts and places on the switches, buttons held
 * 60 ms, a wait as the script says, 200 ms between actions; every time divided by `speed`. A
 * resignation or a draw is given to `command` (people say it; the board has no switch for it).
 */
export function driveHands(actions: readonly Action[], hands: SimulatedHands, o: { readonly speed: number; readonly from?: number; readonly command: (c: PlayCommand) => void }): HandsRun {
  let i = o.from ?? 0;
  let stopped = false;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  const scaled = (ms: number): number => Math.max(MIN_GAP_MS, ms / o.speed);
  const done = (async () => {
    for (; i < actions.length && !stopped; i++) {
      const a = actions[i];
      if (a.kind === 'wait') {
        await sleep(a.ms / o.speed);
        continue;
      }
      await sleep(scaled(ACTION_GAP_MS));
      if (stopped) break;
      if (a.kind === 'lift' || a.kind === 'place') hands.setSquare(a.square + 1, a.kind === 'place');
      else if (a.kind === 'press') {
        hands.press(a.button);
        await sleep(scaled(PRESS_MS));
        hands.release(a.button);
      } else if (a.kind === 'resign') o.command({ type: 'resign', color: a.color });
      else o.command({ type: 'draw' });
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
    },
  };
}

/**
 * How many actions of the script the journal shows done: its board events (a lift, a place, a
 * press, a resignation, a draw) matched in order against the script's. The hands go on from
 * there after a restart; the board holds the pieces as the journal left them.
 */
export function actionsDone(actions: readonly Action[], entries: readonly JournalEntry[]): number {
  const events = entries.flatMap((e) => (e.k === 'ev' && e.e.type !== 'tick' ? [e.e] : []));
  let next = 0;
  let done = 0;
  for (let i = 0; i < actions.length && next < events.length; i++) {
    const a = actions[i];
    if (a.kind === 'wait') continue;
    const e = events[next];
    const same =
      (a.kind === 'lift' || a.kind === 'place') ? e.type === a.kind && e.square === a.square
        : a.kind === 'press' ? e.type === 'press' && e.button === a.button
          : a.kind === 'resign' ? e.type === 'resign' && e.color === a.color
            : e.type === 'draw-agreed';
    if (!same) break;
    next++;
    done = i + 1;
  }
  return done;
}
