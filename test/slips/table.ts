// The table of the slip checker's figures per variant and slip kind, for the test and the long run.

import type { VariantName } from '../../rules/index.ts';
import { variants } from '../../rules/index.ts';
import { SLIP_KINDS } from './corrupt.ts';
import type { Measured, Tally } from './measure.ts';
import { measure, oracleSheets } from './measure.ts';

export const VARIANTS: readonly VariantName[] = ['international', 'english', 'russian', 'brazilian', 'czech'];

export interface Row {
  readonly variant: VariantName;
  readonly kind: Measured;
  readonly games: number;
  readonly tally: Tally;
  /** Shares (0..1) of the slips that a checker can see: the broken ply, and the true move, in the first three; read as the true game counts for both. */
  readonly ply: number;
  readonly move: number;
}

/** `cases` slips of every kind in the oracle games of each variant. */
export function slipTable(cases: number, seed: number, only: readonly VariantName[] = VARIANTS): Row[] {
  const rows: Row[] = [];
  for (const variant of only) {
    const sheets = oracleSheets(variant);
    for (const kind of [...SLIP_KINDS, 'legal-slip'] as const) {
      const t = measure(sheets, variants[variant], kind, cases, seed);
      const seen = t.detectable + t.readTrue;
      rows.push({ variant, kind, games: sheets.length, tally: t, ply: seen ? (t.plyTop3 + t.readTrue) / seen : 1, move: seen ? (t.moveTop3 + t.readTrue) / seen : 1 });
    }
  }
  return rows;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The table as Markdown: one row per variant and kind. */
export function tableText(rows: readonly Row[]): string {
  const head = '| variant | slip | games | slips | cannot be seen | read as the true game | legal slips (true move top 3) | broken ply in top 3 | true move in top 3 | ms per sheet |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n';
  return head + rows.map((r) => {
    const t = r.tally;
    return `| ${r.variant} | ${r.kind} | ${r.games} | ${t.cases} | ${t.undetectable} | ${t.readTrue} | ${t.legalTop3}/${t.legal} | ${pct(r.ply)} | ${pct(r.move)} | ${(t.ms / t.cases).toFixed(1)} |`;
  }).join('\n') + '\n';
}
