// fuzz: `dambord pdn check` and `dambord pdn convert` (in-process) on texts that are PDN, nearly
// PDN or not at all: they exit 0 or 1, never with an internal error, and what convert writes
// reads back with no error in any game. DAMBORD_FUZZ_RUNS sets the cases (test/fuzz.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPdn } from '../../rules/index.ts';
import { NEARLY_PDN } from '../../rules/pdn/testing/arbitraries.ts';
import { fuzz } from '../../test/fuzz.ts';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

describe('fuzz: dambord pdn', () => {
  it('pdn check and pdn convert exit 0 or 1, and convert writes what reads back', async () => {
    await fuzz(
      'pdn check and convert',
      fc.asyncProperty(NEARLY_PDN, async (text) => {
        const check = await cli(['pdn', 'check', '-'], text);
        expect([EXIT.ok, EXIT.checkFailed], check.stderr).toContain(check.code);
        const convert = await cli(['pdn', 'convert', '-'], text);
        expect([EXIT.ok, EXIT.checkFailed], convert.stderr).toContain(convert.code);
        expect(convert.stderr).not.toContain('bug in dambord');
        expect(readPdn(convert.stdout).games.flatMap((g) => (g.error ? [g.error.reason] : []))).toEqual([]);
      }),
      60,
    );
  });
});
