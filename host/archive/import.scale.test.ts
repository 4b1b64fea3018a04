// An import's cost for each game does not grow with the games its round holds: the round's
// folder is read once an import, not once a game (1,000 / 2,000 / 4,000 games of one round took
// 7.9 / 22.2 / 54.2 s when every game read the folder and scanned the whole index). Counted in
// folder reads, so the verdict does not hang on the machine's speed; bench/archive.bench.ts
// measures the time.
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { importPdn } from './import.ts';
import { readIndex } from './store.ts';
import { roundGames } from './testing/roundGames.ts';

vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const readdirSync = vi.fn(real.readdirSync);
  return { ...real, readdirSync, default: { ...real, readdirSync } };
});

const work = fs.mkdtempSync(path.join(tmpdir(), 'dambord-archive-scale-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** How many times an import of `n` games into a round that holds `held` games already reads the round's folder. */
function roundReads(name: string, held: number, n: number): number {
  const archive = path.join(work, name);
  const source = (k: number, games: string) => {
    const file = path.join(work, `${name}-${k}.pdn`);
    fs.writeFileSync(file, games);
    return file;
  };
  const all = roundGames(held + n);
  const cut = all.split(/(?=^\[Event )/m);
  if (held > 0) importPdn(archive, [source(1, cut.slice(0, held).join(''))]);
  const round = path.join(archive, 'Bench', 'round-1');
  const reads = vi.mocked(fs.readdirSync);
  reads.mockClear();
  const r = importPdn(archive, [source(2, cut.slice(held).join(''))]);
  expect(r.games.filter((g) => g.outcome.kind === 'imported')).toHaveLength(n);
  expect(readIndex(archive).games).toHaveLength(held + n);
  return reads.mock.calls.filter(([p]) => path.resolve(String(p)) === round).length;
}

describe('archive import: linear in the games of a round', () => {
  it('reads the round folder a few times an import, however many games it imports or the round holds', () => {
    const few = roundReads('few', 0, 20);
    const many = roundReads('many', 0, 200);
    const fuller = roundReads('fuller', 200, 200);
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThanOrEqual(3);
    expect(many).toBe(few);
    expect(fuller).toBeLessThanOrEqual(3);
  });
});
