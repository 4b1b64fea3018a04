// Perft against the published tables in test/fixtures/oracles/perft (every block of every file).
// One move per (from, to, captured set), as the tables count them. Depths above the cap are
// listed as skipped tests; DAMBORD_DEEP=1 raises the cap.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.ts';
import { legalMoves } from './position.ts';
import { perft, perftDivide } from './perft.ts';
import type { VariantName } from './variant.ts';
import { variantByName } from './variants/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const perftDir = path.resolve(repoRoot, 'test/fixtures/oracles/perft');

/**
 * Depth caps: every count up to depth 10 on 8x8 and 9 on 10x10 (perft counts a position reached
 * again by another order of moves once per depth: international perft 9 takes about 0.6 s),
 * about 8 s for the file on the 2-core development machine. Deep (DAMBORD_DEEP=1): every
 * published count, to 12 on 8x8 and 11 on 10x10 (international perft 11 is 1,665,861,398
 * leaves), about a minute for the file.
 */
const deep = process.env.DAMBORD_DEEP === '1';
const cap = { 8: deep ? 12 : 10, 10: deep ? 11 : 9 } as const;

/** Which rules each variant's move generation follows, to name the tests by article. */
const rulesOf: Record<VariantName, string> = {
  international: 'FMJD 3-4',
  brazilian: 'FMJD 3-4 on 8x8',
  czech: 'Czech cl. 3-4',
  english: 'Laws 8-14',
  russian: 'Russian rules',
};

interface PerftBlock {
  readonly file: string;
  readonly id: string;
  readonly variant: string;
  readonly fen: string;
  readonly counts: readonly { readonly depth: number; readonly count: number }[];
}

/** Reads the shared line format: `id`, optional `variant`, `fen`, `perft DEPTH COUNT`, `#` comments. */
function readPerftFile(file: string): PerftBlock[] {
  const text = readFileSync(path.join(perftDir, file), 'utf8');
  const blocks: { id: string; variant: string; fen: string; counts: { depth: number; count: number }[] }[] = [];
  let cur: (typeof blocks)[number] | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [key, ...rest] = line.split(/\s+/);
    const value = rest.join(' ');
    if (key === 'id') {
      cur = { id: value, variant: path.basename(file, '.perft'), fen: '', counts: [] };
      blocks.push(cur);
    } else if (!cur) throw new Error(`${file}: "${line}" before any id`);
    else if (key === 'variant') cur.variant = value;
    else if (key === 'fen') cur.fen = value;
    else if (key === 'perft') cur.counts.push({ depth: Number(rest[0]), count: Number(rest[1]) });
    else throw new Error(`${file}: unknown line "${line}"`);
  }
  return blocks.map((b) => ({ file, ...b }));
}

const files = readdirSync(perftDir)
  .filter((f) => f.endsWith('.perft'))
  .sort();
const blocks = files.flatMap(readPerftFile);

describe('perft oracles', () => {
  it(`reads the published tables from ${path.relative(repoRoot, perftDir)}`, () => {
    expect(files).toEqual(expect.arrayContaining(['brazilian.perft', 'czech.perft', 'english.perft', 'international.perft', 'russian.perft']));
    for (const b of blocks) {
      expect(b.fen, b.id).not.toBe('');
      expect(b.counts.length, b.id).toBeGreaterThan(0);
    }
  });
});

for (const block of blocks) {
  const variant = variantByName(block.variant);
  describe(`${block.file}: ${block.id}`, () => {
    if (!variant) {
      for (const { depth, count } of block.counts) {
        it.skip(`${block.variant}: perft ${depth} = ${count} from ${block.fen} (skipped: the ${block.variant} variant is not implemented)`, () => {});
      }
      return;
    }
    const parsed = parseFen(variant, block.fen);
    const limit = cap[variant.geometry.size];
    const name = (depth: number, count: number): string => `${rulesOf[variant.name]} (${variant.name}): perft ${depth} = ${count} from ${block.fen}`;
    it(`reads ${block.fen} as a ${variant.name} position`, () => {
      expect(parsed.ok && parsed.warnings).toEqual([]);
    });
    if (!parsed.ok) return;
    const pos = parsed.position;
    for (const { depth, count } of block.counts) {
      if (depth > limit) {
        it.skip(`${name(depth, count)} (skipped: above the depth cap ${limit}${deep ? '' : '; DAMBORD_DEEP=1 raises it'})`, () => {});
        continue;
      }
      it(name(depth, count), { timeout: 600_000 }, () => {
        expect(perft(pos, depth)).toBe(count);
      });
    }
    it(`${rulesOf[variant.name]} (${variant.name}): perftDivide 4 splits perft 4 over the legal moves`, () => {
      const divide = perftDivide(pos, 4);
      expect(divide.map((d) => d.move)).toEqual(legalMoves(pos));
      expect(divide.reduce((s, d) => s + d.count, 0)).toBe(perft(pos, 4));
    });
  });
}
