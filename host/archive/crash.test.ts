// A crash at any point of an import loses and doubles nothing: the import is cut short at each
// of its file writes in turn (the rename that puts a file in place fails, as a kill -9 or a power
// cut stops it there, its temporary file left behind), then the same files are imported again:
// every game is in the archive once, every bad game's text once, and archive check finds nothing.
// test/archive.process.test.ts kills real processes.
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { importPdn } from './import.ts';
import { auditArchive } from './repair.ts';
import { INDEX_FILE, readIndex } from './store.ts';
import { roundGames } from './testing/roundGames.ts';

/** The rename that fails next: none when 0, else counted down at each rename. */
const crash = { in: 0 };
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const renameSync = (from: fs.PathLike, to: fs.PathLike) => {
    if (crash.in > 0 && --crash.in === 0) {
      // The process is gone: its temporary file stays where the write left it.
      real.copyFileSync(from, `${String(from)}.kept`);
      throw new Error('killed');
    }
    real.renameSync(from, to);
  };
  const rmSync = (p: fs.PathLike, o?: fs.RmOptions) => {
    real.rmSync(p, o);
    if (real.existsSync(`${String(p)}.kept`)) real.renameSync(`${String(p)}.kept`, String(p));
  };
  return { ...real, renameSync, rmSync, default: { ...real, renameSync, rmSync } };
});

const work = fs.mkdtempSync(path.join(tmpdir(), 'dambord-archive-crash-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Every file below `dir`, from it. */
function filesBelow(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('archive import cut short at each write', () => {
  const src = path.join(work, 'src');
  fs.mkdirSync(src);
  fs.writeFileSync(path.join(src, 'a.pdn'), roundGames(5));
  fs.writeFileSync(path.join(src, 'b.pdn'), `${roundGames(8).split(/(?=^\[Event )/m).slice(5).join('')}\n[Event "Club"]\n[White "Cas"]\n[Black "Dirk"]\n1. 32-28 19-23 2. 28x19 14x24 0-2\n`);
  // The writes of a whole import: 8 games, 1 bad game's text, the index (after each file).
  const whole = path.join(work, 'whole');
  importPdn(whole, [src]);
  const writes = filesBelow(whole).length + 1;

  it('leaves an archive that the next import completes: each game once, each bad text once, nothing to repair', () => {
    for (let k = 1; k <= writes; k++) {
      const archive = path.join(work, `cut-${k}`);
      crash.in = k;
      expect(() => importPdn(archive, [src]), `cut at write ${k}`).toThrow('killed');
      crash.in = 0;
      const again = importPdn(archive, [src]);
      const kinds = again.games.map((g) => g.outcome.kind);
      expect(kinds.filter((x) => x === 'bad'), `cut at write ${k}`).toHaveLength(1);
      expect(kinds.filter((x) => x !== 'bad'), `cut at write ${k}`).toHaveLength(8);
      const index = readIndex(archive);
      expect(index.games.map((g) => g.id).sort(), `cut at write ${k}`).toEqual(readIndex(whole).games.map((g) => g.id).sort());
      expect(index.rejected, `cut at write ${k}`).toHaveLength(1);
      expect(filesBelow(archive).filter((f) => f !== INDEX_FILE), `cut at write ${k}`).toEqual([...index.games, ...index.rejected].map((g) => g.file).sort());
      expect(auditArchive(archive, false).problems, `cut at write ${k}`).toEqual([]);
    }
  });
});
