import { describe, expect, it } from 'vitest';
import { parseFen, squareName, variants } from '../../../rules/index.ts';
import type { Variant } from '../../../rules/index.ts';
import type { LedFrame, LedPattern } from '../../link/types.ts';
import { encodeCommand } from '../../link/protocol/encode.ts';
import { blind, casual, tournament } from '../referee/policy.ts';
import { createReferee, step } from '../referee/referee.ts';
import type { RefereeState } from '../referee/referee.ts';
import type { Policy } from '../referee/types.ts';
import { eventsOf, parseActionScript } from '../../script/actions.ts';
import { NO_GUIDANCE, ledFrame, ledMarks, observe, piecesToRemove } from './guidance.ts';
import type { Guidance, GuidanceOptions } from './guidance.ts';

const intl = variants.international;

/**
 * Runs an action script through the referee one event at a time (no settling tick at the end,
 * so a capture can be left half done) and feeds every output to the guidance.
 */
function board(script: string, opts: { fen?: string; policy?: Policy; v?: Variant } = {}): { state: RefereeState; guidance: Guidance } {
  const v = opts.v ?? intl;
  const start = parseFen(v, opts.fen ?? v.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const parsed = parseActionScript(script, v);
  if (!parsed.ok) throw new Error(parsed.reason);
  let state = createReferee(start.position, opts.policy ?? tournament);
  let guidance = NO_GUIDANCE;
  for (const { event } of eventsOf(parsed.actions)) {
    const r = step(state, event);
    state = r.state;
    guidance = observe(guidance, r.outputs);
  }
  return { state, guidance };
}

/** The lit squares of a frame by pattern, in the board's numbers (index + 1), `off` left out. */
function lit(frame: LedFrame): Partial<Record<LedPattern, number[]>> {
  const out: Partial<Record<LedPattern, number[]>> = {};
  frame.forEach((p, i) => {
    if (p !== 'off') (out[p] ??= []).push(i + 1);
  });
  return out;
}

function show(script: string, opts: { fen?: string; policy?: Policy; v?: Variant; leds?: GuidanceOptions } = {}): Partial<Record<LedPattern, number[]>> {
  const { state, guidance } = board(script, opts);
  return lit(ledFrame(state, guidance, opts.leds));
}

describe('LED guidance: the last move', () => {
  it('a plain move lights its from and to squares steadily', () => {
    expect(show('lift 32\nplace 28\n')).toEqual({ on: [28, 32] });
  });

  it('a multi-capture lights from, every landing square of its path and to (FMJD 4.5: the path is the move)', () => {
    // 47x18 takes 42, 32 and 22, landing on 38 and 27 on the way.
    const fen = 'W:W47:B42,32,22,5';
    expect(show('lift 47\nplace 18\nlift 42\nlift 32\nlift 22\n', { fen })).toEqual({ on: [18, 27, 38, 47] });
  });

  it('the frame has one pattern per dark square: 32 on an 8x8 board', () => {
    const { state, guidance } = board('lift 11\nplace 15\n', { v: variants.english });
    const frame = ledFrame(state, guidance);
    expect(frame).toHaveLength(32);
    expect(lit(frame)).toEqual({ on: [11, 15] });
    expect(ledFrame(board('').state)).toHaveLength(50);
  });
});

describe('LED guidance: compulsory capture (FMJD 4.2, 4.13)', () => {
  it('after 32-28 19-23, the man on 28 must capture: it blinks slowly over the last move', () => {
    expect(show('lift 32\nplace 28\nlift 19\nplace 23\n')).toEqual({ on: [19, 23], slow: [28] });
  });

  it('goes to the firmware as one LED line (S on 28, 1 on 19 and 23)', () => {
    const { state, guidance } = board('lift 32\nplace 28\nlift 19\nplace 23\n');
    const chars = Array.from({ length: 50 }, () => '0');
    chars[27] = 'S';
    chars[18] = '1';
    chars[22] = '1';
    expect(encodeCommand({ type: 'led', frame: ledFrame(state, guidance) })).toMatch(new RegExp(`^LED ${chars.join('')}\\*[0-9A-F]{4}\\n$`));
  });
});

describe('LED guidance: a capture in progress (FMJD 4.11)', () => {
  const fen = 'W:W47:B42,32,22,5';

  it('the capturing piece landed: the three pieces to remove blink fast, alone', () => {
    expect(show('lift 47\nplace 18\n', { fen })).toEqual({ fast: [22, 32, 42] });
  });

  it('one of three removed: the two still on the board blink fast', () => {
    const { state, guidance } = board('lift 47\nplace 18\nlift 42\n', { fen });
    expect(piecesToRemove(state)).toEqual([21, 31]);
    expect(lit(ledFrame(state, guidance))).toEqual({ fast: [22, 32] });
  });

  it('two routes to the same square (33x15 via 22 or via 24): only the pieces both take blink, until a removal decides', () => {
    const twoRoutes = 'W:W33:B9,10,18,19,28,29,1';
    expect(show('lift 33\nplace 15\n', { fen: twoRoutes })).toEqual({ fast: [9, 10] });
    expect(show('lift 33\nplace 15\nlift 28\n', { fen: twoRoutes })).toEqual({ fast: [9, 10, 18] });
  });

  it('the piece still in the hand is no capture in progress yet: the capturer keeps blinking slowly', () => {
    expect(show('lift 47\n', { fen })).toEqual({ slow: [47] });
  });

  it('the last piece removed ends the capture: the move is lit as the last move', () => {
    expect(show('lift 47\nplace 18\nlift 42\nlift 32\nlift 22\n', { fen })).toEqual({ on: [18, 27, 38, 47] });
  });
});

describe('LED guidance: corrections (FMJD 5.4, 5.8), one step at a time', () => {
  const touchMove = 'lift 33\nplace 33\nlift 32\nplace 28\n';

  it('FMJD 5.4.3: while the opponent decides, the touched and the moved piece blink slowly', () => {
    expect(show(touchMove)).toEqual({ slow: [32, 33] });
  });

  it('touch-move corrected: first clear 28 (fast), then fill 32 (alternate), then the touched 33 that must be played (3.11, 5.8)', () => {
    expect(show(`${touchMove}press correct\n`)).toEqual({ fast: [28] });
    expect(show(`${touchMove}press correct\nlift 28\n`)).toEqual({ alternate: [32] });
    expect(show(`${touchMove}press correct\nlift 28\nplace 32\n`)).toEqual({ alternate: [33] });
  });

  it('touch-move accepted: the flag goes and the move is lit', () => {
    expect(show(`${touchMove}press accept\n`)).toEqual({ on: [28, 32] });
  });

  it('a mismatch: squares to clear first, in square order, then squares to fill', () => {
    const extra = 'place 25\nplace 26\npress clock\n'; // play goes on with pieces the game does not have
    expect(show(extra)).toEqual({ fast: [25] });
    expect(show(`${extra}lift 50\n`)).toEqual({ fast: [25] });
    expect(show(`${extra}lift 50\nlift 25\n`)).toEqual({ fast: [26] });
    expect(show(`${extra}lift 50\nlift 25\nlift 26\n`)).toEqual({ alternate: [50] });
    expect(show(`${extra}lift 50\nlift 25\nlift 26\nplace 50\n`)).toEqual({});
  });
});

describe('LED guidance: hints of legal destinations', () => {
  it('off by default', () => {
    expect(show('lift 32\n', { policy: casual })).toEqual({});
  });

  it('on request, the destinations of the lifted piece blink slowly', () => {
    expect(show('lift 32\n', { policy: casual, leds: { hints: true } })).toEqual({ slow: [27, 28] });
    expect(show('lift 31\n', { policy: casual, leds: { hints: true } })).toEqual({ slow: [26, 27] });
  });

  it('never in the tournament policy, even on request', () => {
    expect(show('lift 32\n', { policy: tournament, leds: { hints: true } })).toEqual({});
  });

  it('do not hide the compulsory capture: the capture landing square is a hint, the capturer stays slow', () => {
    expect(show('lift 32\nplace 28\nlift 19\nplace 23\nlift 28\n', { policy: casual, leds: { hints: true } })).toEqual({ on: [23], slow: [19, 28] });
  });
});

describe('LED guidance: observe', () => {
  it('keeps the squares of a decide irregularity until the decision, without repeats', () => {
    const g = observe(NO_GUIDANCE, [
      { type: 'irregularity', code: 'touch-move', article: '5.4.3', squares: [32, 31], message: '', decision: 'decide', side: 'white', t: 0 },
      { type: 'irregularity', code: 'removal-order', article: '4.11', squares: [31, 27], message: '', decision: 'decide', side: 'white', t: 0 },
      { type: 'irregularity', code: 'touch-out-of-turn', article: '3.14', squares: [5], message: '', decision: 'note', side: 'black', t: 0 },
    ]);
    expect(g.flagged).toEqual([32, 31, 27]);
    expect(observe(g, [{ type: 'matched', t: 1 }]).flagged).toEqual([]);
    expect(observe(g, [{ type: 'adjusted', squares: [1], t: 1 }])).toBe(g);
  });
});

describe('LED guidance: Laws 11, the captured pieces still to be taken off after the capture', () => {
  it('blink until they are off, while the opponent moves', () => {
    const v = variants.english;
    let g = board('lift 1\nplace 10\nlift 10\nplace 19\nlift 19\nplace 28\nlift 6\nlift 15\npress clock\n', { fen: 'B:W6,15,21,24,30:B1,3,12', v });
    expect(ledFrame(g.state, g.guidance).flatMap((p, sq) => (p === 'fast' ? [squareName(v, sq)] : []))).toEqual(['24']);
    g = board('lift 1\nplace 10\nlift 10\nplace 19\nlift 19\nplace 28\nlift 6\nlift 15\npress clock\nlift 24\n', { fen: 'B:W6,15,21,24,30:B1,3,12', v });
    expect(ledFrame(g.state, g.guidance).includes('fast')).toBe(false);
  });
});

describe('LED guidance: a touch-move obligation (FMJD 3.11), carried over by a correction (5.8)', () => {
  // White touches the man on 33, puts it back and plays 32-28 instead (5.4.3); Black has it corrected.
  const corrected = 'lift 33\nplace 33\nlift 32\nplace 28\npress correct\nlift 28\nplace 32\n';

  it('after the correction the touched man on 33 blinks alternate, and nothing else is lit', () => {
    const { state, guidance } = board(corrected);
    expect(state.obligation).toBe(32); // the referee carries it over (index of square 33)
    expect(lit(ledFrame(state, guidance))).toEqual({ alternate: [33] });
    expect(ledMarks(state, guidance)[32]).toBe('obligation');
  });

  it('lifting the touched man to play it puts its light out; played, the move is lit as the last move', () => {
    expect(show(`${corrected}lift 33\n`)).toEqual({});
    expect(show(`${corrected}lift 33\nplace 29\n`)).toEqual({ on: [29, 33] });
  });

  it('a piece touched and put back this turn must be played too (3.11): it blinks alternate until it is', () => {
    expect(show('lift 31\nplace 31\n')).toEqual({ alternate: [31] });
    expect(show('lift 31\nplace 31\nlift 31\nplace 27\n')).toEqual({ on: [27, 31] });
  });

  it('never for a piece felt by a blind player, which is not touched (blind policy)', () => {
    expect(show('lift 31\nplace 31\n', { policy: blind })).toEqual({});
  });

  it('is told apart from a compulsory capture: the capturer blinks slow, the obligation alternate (opposite phase)', () => {
    // After 32-28 19-23 White must take 28x19; White touches the capturer 28 and puts it back.
    const lights = show('lift 32\nplace 28\nlift 19\nplace 23\nlift 28\nplace 28\n');
    expect(lights).toEqual({ on: [19, 23], alternate: [28] });
    // Two men can capture (4.2): the one not touched still blinks slow.
    const fen = 'W:W28,30:B23,24,1';
    expect(show('lift 30\nplace 30\n', { fen })).toEqual({ slow: [28], alternate: [30] });
  });
});
