// Fuzz: the archive's index.json as anything (fast-check): any bytes, any JSON, and indexes of
// the right shape whose entries' paths and fields are anything (climbing out with `..`,
// absolute, backslashes, NUL, a drive letter). Reading never throws but an Error naming the
// file; every entry it yields names a game file inside the archive; archive list and export
// answer with a clear message (exit 0, 1 or 3), never a stack, and export never prints a file
// outside the archive. Runs: DAMBORD_FUZZ_RUNS (test/fuzz.ts), bounded in `npm test`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzz } from '../../test/fuzz.ts';
import { runCliBuffered } from '../cli/testing.ts';
import { importPdn } from './import.ts';
import { INDEX_FILE, loadIndex, readIndex } from './store.ts';
import type { ArchiveIndex } from './store.ts';
import { roundGames } from './testing/roundGames.ts';

const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-fuzz-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const archive = path.join(work, 'archive', 'club');
const SECRET = 'a secret outside the archive';
writeFileSync(path.join(work, 'secret.pdn'), `[Event "Bench"]\n{${SECRET}}\n1. 32-28 *\n`);
mkdirSync(archive, { recursive: true });
writeFileSync(path.join(work, 'games.pdn'), roundGames(3));
importPdn(archive, [path.join(work, 'games.pdn')]);
const good: ArchiveIndex = readIndex(archive);
const indexFile = path.join(archive, INDEX_FILE);

/** Paths an attacker would write: climbing out, absolute, other separators, odd characters. */
const hostilePath = fc.oneof(
  fc.constantFrom('../secret.pdn', '../../secret.pdn', '/etc/hostname', '..\\..\\secret.pdn', 'C:/secret.pdn', 'Bench/round-1/../../../secret.pdn', 'Bench/../../secret.pdn', './Bench/round-1/001 x.pdn', 'Bench/round-1/001 x.pdn\u0000', 'rejected/../../secret.pdn', 'Bench/round-1/.001.pdn', ''),
  fc.array(fc.constantFrom('..', '.', '', 'Bench', 'round-1', '001 A - B.pdn', 'secret.pdn', '/', '\\', 'C:', '%2e%2e', '\u0000'), { maxLength: 6 }).map((parts) => parts.join('/')),
  fc.string(),
);

/** An index of the right shape, its entries the good ones with a field changed, or anything. */
const index = fc.record({
  format: fc.oneof({ weight: 5, arbitrary: fc.constant('dambord archive 1') }, fc.jsonValue()),
  players: fc.oneof(fc.constant(good.players), fc.jsonValue()),
  games: fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...good.games), hostilePath).map(([g, file]) => ({ ...g, file })),
      fc.tuple(fc.constantFrom(...good.games), fc.constantFrom('id', 'identity', 'source', 'written', 'white', 'event'), fc.jsonValue()).map(([g, k, v]) => ({ ...g, [k]: v })),
      fc.constantFrom(...good.games),
      fc.jsonValue(),
    ),
    { maxLength: 6 },
  ),
  rejected: fc.oneof(fc.constant([]), fc.array(fc.oneof(fc.jsonValue(), hostilePath.map((file) => ({ file, source: { file: 'x', line: 1, column: 1 }, reason: 'r', hash: 'h' }))), { maxLength: 3 })),
});

/** Whatever index.json holds: bytes, JSON, or an index of the right shape. */
const contents = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  index.map((v) => JSON.stringify(v)),
);

/** The index read, or the message of the Error that said why not. */
function read(): { ok: true; index: ArchiveIndex; bad: string[] } | { ok: false; error: string } {
  try {
    return { ok: true, ...loadIndex(archive) };
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(TypeError);
    return { ok: false, error: (e as Error).message };
  }
}

describe('the archive index, any contents', () => {
  it('reads as an index whose files are all inside the archive, or an Error naming the file', async () => {
    await fuzz(
      'archive index.json read',
      fc.property(contents, (text) => {
        writeFileSync(indexFile, text);
        const r = read();
        if (!r.ok) {
          expect(r.error).toContain(indexFile);
          return;
        }
        for (const f of [...r.index.games, ...r.index.rejected].map((g) => g.file)) {
          const full = path.resolve(archive, f);
          expect(full.startsWith(`${archive}${path.sep}`)).toBe(true);
          expect(f.split('/')).not.toContain('..');
        }
      }),
      500,
    );
  });

  it('archive list and export answer with a message, exit 0, 1 or 3, and never print a file outside the archive', async () => {
    await fuzz(
      'archive list and export on any index.json',
      fc.asyncProperty(index, async (v) => {
        writeFileSync(indexFile, JSON.stringify(v));
        for (const argv of [
          ['archive', 'list', '--archive', archive],
          ['archive', 'export', '--archive', archive, '--event', 'Bench'],
        ]) {
          const r = await runCliBuffered(argv);
          expect([0, 1, 3]).toContain(r.code);
          expect(r.stdout).not.toContain(SECRET);
          expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
          if (r.code !== 0) expect(r.stderr).toMatch(/^dambord archive (list|export): /);
        }
      }),
      60,
    );
  });
});
