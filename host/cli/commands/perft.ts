import { availableParallelism } from 'node:os';
import { formatMove, legalMoves, parseFen, variantList } from '../../../rules/index.ts';
import type { Position } from '../../../rules/index.ts';
import { variantOption, wholeNumberOption } from '../input.ts';
import { parseArgs } from '../args.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command, Io } from '../command.ts';
import { perftOnThreads } from '../perftThreads.ts';

const usage = `Usage: dambord perft [--variant V] [--fen FEN] [--divide] [--time] [--threads N] DEPTH

Counts the leaves of the move tree (perft) from a position, for each depth from 1 to DEPTH,
and prints one line "DEPTH COUNT" per depth. Capture routes that start and end on the same
squares and take the same pieces count as one move, as the published tables count them. The
depths are counted in one walk of the tree, cut into pieces for every core of the machine; a
position reached again by another order of the same moves is counted once per depth.

Options:
  --variant V   ${variantList(' (default)')}
  --fen FEN     the position as PDN FEN, side to move first (default: the start position),
                e.g. W:W31-50:B1-20
  --divide      first print each legal move with the leaf count of its subtree at DEPTH
                ("32-28 COUNT", captures "28x19 COUNT"), then a blank line and the depths
  --time        count each depth on its own and print the time it took on standard error
  --threads N   count on N threads, the main one of them (1: on the main thread only);
                default: the machine's cores (${availableParallelism()} here), the others started only when
                the count is not over within 0.1 s

Example:
  dambord perft --variant english 5
  dambord perft --fen "W:W28,K45:B19,23" --divide 3
  dambord perft --variant international --time 9
`;

/** `dambord perft`: the leaf counts of the move tree, to check the move generator. */
export const perftCommand: Command = {
  name: 'perft',
  summary: 'Count the leaves of the move tree from a position (checks the move generator)',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { variant: 'string', fen: 'string', divide: 'boolean', time: 'boolean', threads: 'string' });
    if (!args.ok) return usageError(io, 'perft', args.error);
    const { options, positionals } = args;
    const chosen = variantOption(options.variant ?? 'international');
    if (!chosen.ok) return usageError(io, 'perft', chosen.error);
    const variant = chosen.variant;
    if (positionals.length !== 1)
      return usageError(io, 'perft', positionals.length === 0 ? 'DEPTH is missing' : `one DEPTH expected, got "${positionals.join(' ')}"`);
    const depth = /^\d+$/.test(positionals[0]) ? Number(positionals[0]) : NaN;
    if (!(depth >= 1 && depth <= 30))
      return usageError(io, 'perft', `DEPTH must be a whole number of plies from 1 to 30, not "${positionals[0]}"`);
    const threaded = wholeNumberOption('threads', options.threads, 1, 256);
    if (!threaded.ok) return usageError(io, 'perft', threaded.error);
    const threads = threaded.value;
    const fen = options.fen ?? variant.startFen;
    const parsed = parseFen(variant, fen);
    if (!parsed.ok) {
      const { offset, reason } = parsed.error;
      return usageError(io, 'perft', `bad FEN "${fen}" at character ${offset + 1}: ${reason}; write it as side to move, then the pieces, e.g. ${variant.startFen}`);
    }
    for (const w of parsed.warnings) io.stderr.write(`dambord perft: warning: ${w}\n`);
    await count(parsed.position, depth, { divide: options.divide, time: options.time, threads }, io);
    return EXIT.ok;
  },
};

async function count(pos: Position, depth: number, o: { divide: boolean; time: boolean; threads: number | undefined }, io: Io): Promise<void> {
  const run = async (d: number) => {
    const since = performance.now();
    const r = await perftOnThreads(pos, d, { threads: o.threads });
    const ms = performance.now() - since;
    const leaves = r.counts[d - 1];
    if (o.time) io.stderr.write(`depth ${d}: ${leaves} leaves in ${ms.toFixed(0)} ms (${(leaves / 1000 / Math.max(ms, 0.001)).toFixed(2)} M leaves/s, ${r.threads} thread${r.threads === 1 ? '' : 's'})\n`);
    return r;
  };
  // One walk counts every depth; --time counts each on its own, to time it.
  const counts: number[] = [];
  if (o.time) for (let d = 1; d < depth; d++) counts.push((await run(d)).counts[d - 1]);
  const last = await run(depth);
  if (!o.time) counts.push(...last.counts.slice(0, depth - 1));
  counts.push(last.counts[depth - 1]);
  if (o.divide) {
    const moves = legalMoves(pos);
    const named = moves.map((move, i) => ({ move, count: last.divide[i], text: formatMove(pos, move, moves) }));
    named.sort((a, b) => a.move.from - b.move.from || a.move.to - b.move.to || (a.text < b.text ? -1 : 1));
    io.stdout.write(named.map((e) => `${e.text} ${e.count}\n`).join('') + '\n');
  }
  io.stdout.write(counts.map((n, i) => `${i + 1} ${n}\n`).join(''));
}
