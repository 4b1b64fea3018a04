// fuzz: parseActionScript against any text and scripts that are nearly right, in every variant:
// it never throws; it reads actions, each from a line of the script, with squares of the board
// and waits of at most a day, or it names the first bad line by its number, a line of the text.
// DAMBORD_FUZZ_RUNS sets the cases (test/fuzz.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Variant } from '../../rules/index.ts';
import { decodeText, variants } from '../../rules/index.ts';
import { fuzz } from '../../test/fuzz.ts';
import { MAX_WAIT_MS, eventsOf, parseActionScript } from './actions.ts';

const VARIANT = fc.constantFrom(...Object.values(variants));

/** parseActionScript of `text` under `v`, checked as the top of this file says. */
function readCleanly(v: Variant, text: string): void {
  const lines = text.split(/\r\n|\r|\n/).length;
  const r = parseActionScript(text, v);
  if (!r.ok) {
    expect(Number.isInteger(r.line) && r.line >= 1 && r.line <= lines, `line ${r.line} of ${lines}`).toBe(true);
    expect(r.reason.startsWith(`line ${r.line}: `), r.reason).toBe(true);
    return;
  }
  let last = 0;
  for (const a of r.actions) {
    expect(a.line > last && a.line <= lines, `line ${a.line} after ${last}, of ${lines}`).toBe(true);
    last = a.line;
    if (a.kind === 'lift' || a.kind === 'place') expect(a.square >= 0 && a.square < v.geometry.squares).toBe(true);
    if (a.kind === 'wait') expect(Number.isSafeInteger(a.ms) && a.ms >= 0 && a.ms <= MAX_WAIT_MS).toBe(true);
  }
  const times = eventsOf(r.actions).map((e) => e.event.t);
  expect(times.every((t, k) => Number.isFinite(t) && (k === 0 || t >= times[k - 1]))).toBe(true);
}

/** A line that is an action, nearly one, or not one. */
const LINE = fc
  .tuple(
    fc.constantFrom('lift', 'place', 'press', 'wait', 'resign', 'draw', 'LIFT', 'Place', 'hop', '', '#', 'lift32'),
    fc.array(
      fc.oneof(
        fc.integer({ min: -1, max: 60 }).map(String),
        fc.tuple(fc.constantFrom(...'abcdefghijkA'), fc.integer({ min: 0, max: 11 })).map(([f, r]) => `${f}${r}`),
        fc.constantFrom('clock', 'jadoube', "j'adoube", 'accept', 'correct', 'CLOCK', 'white', 'black', 'grey', '1500', String(MAX_WAIT_MS), String(MAX_WAIT_MS + 1), '9'.repeat(30), '1e3', '-5', '0x10'),
      ),
      { maxLength: 3 },
    ),
    fc.constantFrom('', ' # a comment', '#', '\t', ' '),
  )
  .map(([verb, args, end]) => `${verb} ${args.join(' ')}${end}`);
const SCRIPT = fc.tuple(fc.array(LINE, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\r')).map(([lines, eol]) => lines.join(eol));

describe('fuzz: action scripts', () => {
  it('any string', async () => {
    await fuzz('action scripts, any string', fc.property(VARIANT, fc.string({ unit: 'binary', maxLength: 300 }), readCleanly), 500);
  });

  it('scripts that are nearly right', async () => {
    await fuzz('action scripts, nearly right', fc.property(VARIANT, SCRIPT, readCleanly), 500);
  });

  it('any bytes, decoded as the command line decodes a file', async () => {
    await fuzz('action scripts, any bytes', fc.property(VARIANT, fc.uint8Array({ maxLength: 300 }), (v, bytes) => readCleanly(v, decodeText(bytes))), 300);
  });

  it('a script saved as UTF-16, either way round, with a byte order mark or without, reads as in UTF-8', async () => {
    const encodings = fc.constantFrom('utf-16le', 'utf-16be', 'utf-16le, no BOM', 'utf-16be, no BOM');
    await fuzz(
      'action scripts, UTF-16',
      fc.property(VARIANT, SCRIPT, encodings, (v, script, as) => {
        const le = Buffer.from(as.endsWith('no BOM') ? script : `\ufeff${script}`, 'utf16le');
        const bytes = as.startsWith('utf-16be') ? Buffer.from(le).swap16() : le;
        expect(parseActionScript(decodeText(bytes), v)).toEqual(parseActionScript(decodeText(Buffer.from(script)), v));
      }),
      300,
    );
  });
});
