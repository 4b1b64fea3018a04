/* global fetch */
// Stepping through one board's game on the viewers' page, as a lidraughts broadcast does: the
// ply the viewer looks at (null: the live position, following the game), the keys and buttons
// that move it, the board turned round (remembered by the browser, prefs.js), and the positions
// of the earlier plies fetched from the relay (GET /api/round/board/N/plies) when first needed.
// New moves arriving while the viewer looks back leave the ply looked at where it is.

import { remember, remembered } from './prefs.js';

/** The board turned round (White at the top), remembered per browser. */
export const FLIP_KEY = 'dambord.watch.flip';

/**
 * The ply to look at after `key` (`first`, `back`, `forward`, `last`, or the keys ArrowLeft,
 * ArrowRight, Home, End), from `at` (null: live) in a game whose plies run from `first` to
 * `last` (`first - 1`: the position before the first move); null when it reaches the last ply
 * (live again), undefined when the key is not one of them.
 * @param {string} key
 * @param {number | null} at
 * @param {number} first the first ply of the record (1, or later for a game set up)
 * @param {number} last the last ply (first - 1 without moves)
 * @returns {number | null | undefined}
 */
export function stepTo(key, at, first, last) {
  const now = at ?? last;
  let next;
  if (key === 'first' || key === 'Home') next = first - 1;
  else if (key === 'back' || key === 'ArrowLeft') next = Math.max(first - 1, now - 1);
  else if (key === 'forward' || key === 'ArrowRight') next = Math.min(last, now + 1);
  else if (key === 'last' || key === 'End') next = last;
  else return undefined;
  return next >= last ? null : next;
}

/**
 * What the viewer has chosen: the ply looked at on each board, whether the board is turned
 * round, and the positions read of each board. `storage`: localStorage, or null.
 * @param {{getItem(k: string): string | null, setItem(k: string, v: string): void} | null} storage
 */
export function createSteps(storage) {
  /** @type {Map<number, number>} */
  const at = new Map();
  /** @type {Map<number, import('../../broadcast/plies.ts').BoardPlies>} */
  const read = new Map();
  /** @type {Set<number>} */
  const asking = new Set();
  let flipped = remembered(storage, FLIP_KEY, ['no', 'yes']) === 'yes';
  return {
    /** The ply looked at on board `n`, or null: live. @param {number} n */
    at: (n) => at.get(n) ?? null,
    /** Looks at ply `ply` of board `n` (null: live). @param {number} n @param {number | null} ply */
    go(n, ply) {
      if (ply === null) at.delete(n);
      else at.set(n, ply);
    },
    /** Forgets the positions read and the plies looked at: a new round (or a relay restarted, its boards numbered again). */
    forget() {
      read.clear();
      at.clear();
    },
    get flipped() {
      return flipped;
    },
    /** Turns the board round and remembers it. */
    flip() {
      flipped = !flipped;
      remember(storage, FLIP_KEY, flipped ? 'yes' : 'no');
    },
    /**
     * The position after ply `ply` of board `n` (ply first - 1: the start) as read, or null when
     * not read yet: it is then asked of the relay once, and `done` is called when it comes.
     * @param {number} n @param {number} ply @param {number} rev the board's revision shown @param {() => void} done
     * @returns {{position: string, squares: readonly string[], captured: readonly string[]} | null}
     */
    position(n, ply, rev, done) {
      const r = read.get(n);
      const found = r && (r.plies.find((p) => p.ply === ply) ?? (r.plies.length > 0 && ply === r.plies[0].ply - 1 && r.start ? { position: r.start, squares: [], captured: [] } : null));
      if (found) return found;
      // Not read, or read before this ply was played: asked again, once at a time.
      if (asking.has(n) || (r && r.rev >= rev)) return null;
      asking.add(n);
      fetch(`/api/round/board/${n}/plies`)
        .then((res) => (res.ok ? res.json() : null))
        .then((body) => {
          if (body && Array.isArray(body.plies)) read.set(n, body);
        })
        .catch(() => {})
        .finally(() => {
          asking.delete(n);
          done();
        });
      return null;
    },
  };
}
