// forTerminal against any text, with escapes, brackets, BEL, C1 and bidirectional controls
// likely: nothing that steers a terminal is left. DAMBORD_FUZZ_RUNS sets the runs (test/fuzz.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../test/fuzz.ts';
import { forTerminal } from './terminalText.ts';

const STEERING = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('forTerminal on any text', () => {
  it('leaves no control, escape or bidirectional control, and keeps every other character', () => {
    const unit = fc.oneof(fc.constantFrom('\u001b', '[', ']', '\u0007', '\\', '\u009b', '\u202e', '\u2066', '\u200f', '0', 'm', ';'), fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        const shown = forTerminal(text);
        expect(shown).not.toMatch(STEERING);
        // Only removed or replaced: what is left of the text outside escapes is in its order.
        if (!text.includes('\u001b') && !text.includes('\u009b')) expect(shown).toBe(text.replace(new RegExp(STEERING.source, 'gu'), '\ufffd'));
      }),
      { numRuns: fuzzRuns(500) },
    );
  });
});
