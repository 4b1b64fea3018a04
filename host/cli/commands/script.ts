import { readPdnGames } from '../../../rules/index.ts';
import type { Move, PdnGame } from '../../../rules/index.ts';
import { renderGame } from '../../script/render.ts';
import { parseArgs } from '../args.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command } from '../command.ts';
import { noGameNumbered } from '../pdnLabels.ts';
import { readText, variantOption } from '../input.ts';

const usage = `Usage: dambord script [--variant V] [--game N] [--seed S] [--plain] FILE

Renders a game of a PDN file as an action script: what hands would do on the board to play it,
in the legitimate hand styles of the rules (captures jump by jump or in one sweep, captured
pieces lifted in order or in reverse, a single capture by taking the captured piece first
(FMJD 4.16), kings sliding, crowning, j'adoube, pauses), chosen per move from the seed. The
script feeds 'dambord replay', which must recognise the game exactly.

Options:
  --variant V   play the file as this variant whatever its tags say
  --game N      the game of the file to render (default 1)
  --seed S      the seed of the hand styles (default 1): the same seed gives the same script
  --plain       the plainest hand: lift and place, captures in one sweep, nothing else

Examples:
  dambord script --game 3 "nk ronde 01.pdn" > game3.script
  dambord script --seed 7 game.pdn | dambord replay --json -
`;

/** `dambord script`: a PDN game as an action script. */
export const scriptCommand: Command = {
  name: 'script',
  summary: 'Render a PDN game as an action script (what hands do to play it)',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { variant: 'string', game: 'string', seed: 'string', plain: 'boolean' });
    if (!args.ok) return usageError(io, 'script', args.error);
    const { options, positionals } = args;
    if (positionals.length !== 1) return usageError(io, 'script', positionals.length === 0 ? 'FILE is missing: a PDN file, or - for standard input' : 'one FILE expected');
    const chosen = options.variant === undefined ? null : variantOption(options.variant);
    if (chosen && !chosen.ok) return usageError(io, 'script', chosen.error);
    const number = Number(options.game ?? '1');
    const seed = Number(options.seed ?? '1');
    if (!Number.isInteger(number) || number < 1) return usageError(io, 'script', `--game must be a game number from 1, not "${options.game}"`);
    if (!Number.isInteger(seed)) return usageError(io, 'script', `--seed must be a whole number, not "${options.seed}"`);
    const input = await readText(positionals[0], io);
    if (!input.ok) {
      io.stderr.write(`dambord script: ${input.error}\n`);
      return EXIT.io;
    }
    // The games are read one at a time up to game N; all of them only to count them when there is no game N.
    let g: PdnGame | undefined;
    let games = 0;
    for (const item of readPdnGames(input.text, chosen ? { variant: chosen.variant } : {})) {
      if (item.kind === 'game' && ++games === number) {
        g = item.game;
        break;
      }
    }
    if (!g) {
      io.stderr.write(`dambord script: ${noGameNumbered(input.name, games, number)}\n`);
      return EXIT.usage;
    }
    if (g.error) io.stderr.write(`dambord script: ${input.name}:${g.error.pos.line}:${g.error.pos.column}: ${g.error.reason}; the moves before it are rendered\n`);
    const moves: Move[] = [];
    for (const item of g.line) {
      if (item.kind !== 'ply') break;
      moves.push(item.move);
    }
    const plain = { capture: 'sweep', removal: 'capture', completion: 'clock', slide: false, crown: false, jadoube: false, feel: false, gaps: false } as const;
    io.stdout.write(`# ${input.name}, game ${number}: ${g.variant.name}, ${moves.length} plies, seed ${seed}\n`);
    io.stdout.write(`# replay with: dambord replay --variant ${g.variant.name}${g.tags.some((t) => t.name.toLowerCase() === 'fen') ? ` --fen "${g.tags.find((t) => t.name.toLowerCase() === 'fen')!.value}"` : ''} --json FILE\n`);
    io.stdout.write(renderGame(g.start, moves, { seed, styles: options.plain ? plain : undefined }));
    return g.error ? EXIT.checkFailed : EXIT.ok;
  },
};
