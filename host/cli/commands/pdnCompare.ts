// `dambord pdn compare`: two records of one game (white's and black's scoresheets, or a sheet
// and the board's journal) reconciled: every difference, the first divergence, and what each
// record is worth on its own (whether it reads as a legal game, and where it breaks).

import { formatMove, variantList } from '../../../rules/index.ts';
import type { ReadPdnOptions } from '../../../rules/index.ts';
import type { Difference, GameRecord, Reconciled } from '../../../rules/slips/compare.ts';
import { reconcile } from '../../../rules/slips/compare.ts';
import { slipWords } from '../../game/slipWords.ts';
import { recoverGame } from '../../game/journal/recover.ts';
import { readJournal } from '../../journal/journal.ts';
import { parseArgs } from '../args.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command, Io } from '../command.ts';
import { readText, variantOption, why } from '../input.ts';
import { repairText } from '../pdnSuggest.ts';
import { sheetGame } from '../sheetGame.ts';

const usage = `Usage: dambord pdn compare [--variant V] [--json] A B

Sets two records of one game side by side: white's and black's scoresheets, or a scoresheet and
the board's journal. Each of A and B is a PDN file (its first game; FILE#N for game N) or a
journal written by dambord play (a .journal file). Prints every place where they differ, aligned
so that a move one record left out is one difference and not every move after it; the first of
them is the first divergence. Then each record on its own: whether it reads as a legal game,
and where it breaks, with what its writer most likely meant (as pdn check --suggest says it).

Options:
  --variant V   read both as ${variantList()}
  --json        one JSON object: {"first":{...}|null,"differences":[...],"a":{...},"b":{...}}

Exit status: 0 the records agree, 1 they differ, 2 bad usage or a game that is not there,
3 a file could not be read.

Examples:
  dambord pdn compare white-sheet.pdn black-sheet.pdn
  dambord pdn compare typed.pdn games/2026-11-24T14-02-11-000Z.journal
`;

/** A record read from a file, or why it cannot be. */
async function recordOf(arg: string, io: Io, options: ReadPdnOptions): Promise<{ ok: true; record: GameRecord } | { ok: false; code: number; error: string }> {
  const hash = /^(.*)#(\d+)$/.exec(arg);
  const file = hash ? hash[1] : arg;
  const wanted = hash ? Number(hash[2]) : 1;
  if (file.endsWith('.journal')) {
    let read;
    try {
      read = readJournal(file);
    } catch (e) {
      return { ok: false, code: EXIT.io, error: `cannot read ${file}: ${why(e)}` };
    }
    const game = recoverGame(read);
    if (!game.ok) return { ok: false, code: EXIT.usage, error: `${file}: the journal cannot be replayed: ${game.reason}` };
    const g = game.state.game;
    const written = g.moves.map((m, k) => formatMove(g.positions[k], m));
    return { ok: true, record: { name: file, start: g.start, written } };
  }
  const input = await readText(file, io);
  if (!input.ok) return { ok: false, code: EXIT.io, error: input.error };
  const r = sheetGame(input.text, input.name, wanted, options);
  if (!r.ok) return { ok: false, code: EXIT.usage, error: r.error };
  return { ok: true, record: { name: arg, start: r.sheet.start, written: r.sheet.written } };
}

function differenceText(d: Difference, a: string, b: string): string {
  if (d.kind === 'differ') return `ply ${d.plyA}: ${a} has ${d.a}, ${b} has ${d.b}${d.plyA !== d.plyB ? ` (its ply ${d.plyB})` : ''}`;
  if (d.kind === 'only-a') return `ply ${d.plyA}: ${d.a} only in ${a}`;
  return `ply ${d.plyB}: ${d.b} only in ${b}`;
}

function standing(r: GameRecord, check: Reconciled['checkA']): string[] {
  if (!check.slip) return [`${r.name}: reads as a legal game, ${check.plies.length} plies`];
  const s = check.slip;
  const lines = [`${r.name}: breaks at ply ${s.ply}, ${s.text} cannot be played; most likely meant:`];
  s.candidates.slice(0, 3).forEach((c, k) => lines.push(`  ${k + 1}. ${repairText(c, r)}`));
  return lines;
}

function checkJson(check: Reconciled['checkA']): Record<string, unknown> {
  return check.slip ? { reads: false, ply: check.slip.ply, written: check.slip.text } : { reads: true, plies: check.plies.length };
}

/** `dambord pdn compare`: two records of one game reconciled. */
export const pdnCompareCommand: Command = {
  name: 'pdn compare',
  summary: 'Set two records of one game side by side: the differences and the first divergence',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { variant: 'string', json: 'boolean' });
    if (!args.ok) return usageError(io, 'pdn compare', args.error);
    if (args.positionals.length !== 2) return usageError(io, 'pdn compare', `two records expected (A and B), got ${args.positionals.length}`);
    let options: ReadPdnOptions = {};
    if (args.options.variant !== undefined) {
      const v = variantOption(args.options.variant);
      if (!v.ok) return usageError(io, 'pdn compare', v.error);
      options = { variant: v.variant };
    }
    const records: GameRecord[] = [];
    for (const arg of args.positionals) {
      const r = await recordOf(arg, io, options);
      if (!r.ok) {
        io.stderr.write(`dambord pdn compare: ${r.error}\n`);
        return r.code;
      }
      records.push(r.record);
    }
    const [a, b] = records;
    if (a.start.variant !== b.start.variant) io.stderr.write(`dambord pdn compare: warning: ${a.name} reads as ${a.start.variant.name} and ${b.name} as ${b.start.variant.name}; name the variant with --variant\n`);
    const r = reconcile(a, b, slipWords('en')); // the terminal's and --json's words: English
    if (args.options.json) {
      io.stdout.write(`${JSON.stringify({ first: r.differences[0] ?? null, differences: r.differences, a: checkJson(r.checkA), b: checkJson(r.checkB) })}\n`);
    } else {
      const out: string[] = [];
      if (r.differences.length === 0) out.push(`${a.name} and ${b.name} agree: ${a.written.length} plies`);
      else {
        out.push(`first divergence: ${differenceText(r.differences[0], a.name, b.name)}`);
        out.push(`${r.differences.length} difference${r.differences.length === 1 ? '' : 's'}:`);
        for (const d of r.differences) out.push(`  ${differenceText(d, a.name, b.name)}`);
      }
      out.push(...standing(a, r.checkA), ...standing(b, r.checkB));
      io.stdout.write(out.map((l) => `${l}\n`).join(''));
    }
    return r.differences.length === 0 ? EXIT.ok : EXIT.checkFailed;
  },
};
