import { formatMove, parseFen, perft, perftDivide } from '../../../rules/index.ts';
import { variantOption } from '../input.ts';
import type { Position } from '../../../rules/index.ts';
import { parseArgs } from '../args.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command, Io } from '../command.ts';

const usage = `Usage: dambord perft [--variant V] [--fen FEN] [--divide] [--time] DEPTH

Counts the leaves of the move tree (perft) from a position, for each depth from 1 to DEPTH,
and prints one line "DEPTH COUNT" per depth. Capture routes that start and end on the same
squares and take the same pieces count as one move, as the published tables count them.

Options:
  --variant V   international (default), czech, english, brazilian or russian
  --fen FEN     the position as PDN FEN, side to move first (default: the start position),
                e.g. W:W31-50:B1-20
  --divide      first print each legal move with the leaf count of its subtree at DEPTH
                ("32-28 COUNT", captures "28x19 COUNT"), then a blank line and the depths
  --time        print the time each depth took on standard error

Example:
  dambord perft --variant english 5
  dambord perft --fen "W:W28,K45:B19,23" --divide 3
`;

/** `dambord perft`: the leaf counts of the move tree, to check the move generator. */
export const perftCommand: Command = {
  name: 'perft',
  summary: 'Count the leaves of the move tree from a position (checks the move generator)',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { variant: 'string', fen: 'string', divide: 'boolean', time: 'boolean' });
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
    const fen = options.fen ?? variant.startFen;
    const parsed = parseFen(variant, fen);
    if (!parsed.ok) {
      const { offset, reason } = parsed.error;
      return usageError(io, 'perft', `bad FEN "${fen}" at character ${offset + 1}: ${reason}; write it as side to move, then the pieces, e.g. ${variant.startFen}`);
    }
    for (const w of parsed.warnings) io.stderr.write(`dambord perft: warning: ${w}\n`);
    count(parsed.position, depth, options.divide, options.time, io);
    return EXIT.ok;
  },
};

function count(pos: Position, depth: number, divide: boolean, time: boolean, io: Io): void {
  const report = (label: string, leaves: number, since: number): void => {
    const ms = performance.now() - since;
    if (time) io.stderr.write(`${label}: ${leaves} leaves in ${ms.toFixed(0)} ms (${(leaves / 1000 / Math.max(ms, 0.001)).toFixed(2)} M leaves/s)\n`);
  };
  let total: number | undefined;
  if (divide) {
    const since = performance.now();
    const lines = perftDivide(pos, depth);
    total = lines.reduce((n, e) => n + e.count, 0);
    report(`divide ${depth}`, total, since);
    const moves = lines.map((e) => e.move);
    const named = lines.map((e) => ({ ...e, text: formatMove(pos, e.move, moves) }));
    named.sort((a, b) => a.move.from - b.move.from || a.move.to - b.move.to || (a.text < b.text ? -1 : 1));
    io.stdout.write(named.map((e) => `${e.text} ${e.count}\n`).join('') + '\n');
  }
  for (let d = 1; d <= depth; d++) {
    let n = total;
    if (d < depth || n === undefined) {
      const since = performance.now();
      n = perft(pos, d);
      report(`depth ${d}`, n, since);
    }
    io.stdout.write(`${d} ${n}\n`);
  }
}
