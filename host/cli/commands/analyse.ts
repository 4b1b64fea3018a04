import { writeFileSync } from 'node:fs';
import { legalMoves, newGame, parseFen, readPdn, variantList } from '../../../rules/index.ts';
import type { PdnGame, Variant } from '../../../rules/index.ts';
import type { PlyAnalysis } from '../../engine/analysis.ts';
import { BLUNDER_MEN, MISTAKE_MEN, analyseGame, analysisJson, analysePosition, scoreJson, scoreText } from '../../engine/analysis.ts';
import { analysedGamePdn } from '../../engine/analysisPdn.ts';
import type { Engine, EngineLimits } from '../../engine/engine.ts';
import { EngineError } from '../../engine/engine.ts';
import { parseEngineSpec } from '../../engine/spec.ts';
import { parseArgs } from '../args.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command, Io } from '../command.ts';
import { ENGINE_LOG_HELP, engineLogOption, moveTimeOption, openOrSay } from '../engineOptions.ts';
import { readText, variantOption, wholeNumberOption, why } from '../input.ts';

const usage = `Usage: dambord analyse [--engine SPEC] [--move-time S | --depth N] [--variant V] [--json]
                       [--pdn FILE] [--engine-log FILE] (--fen FEN | GAME.pdn)

Asks an engine what it thinks of a position or of every move of a game.

A position (--fen): the best move, the score, the principal variation, the depth, the nodes and
the time. The score is in men for the side to move (+1.00: a man up), or "win in N plies" /
"loss in N plies" where the search proved the result.

A game (GAME.pdn, or - for standard input; every game of the file): each move with the score
before it (the best the mover had) and after it (what the move played leaves), both for the
mover. A move that loses ${MISTAKE_MEN} men or more is marked "?" (a mistake), ${BLUNDER_MEN} men or
more "??" (a blunder), as is a move into a proven loss or one that gives a proven win
away; a marked move gets the engine's better move. Written as PDN with a comment at every
move after the game's own (to standard output, or to --pdn FILE), an Annotator tag
naming the engine.

Options:
  --engine SPEC       the engine (default builtin): builtin, builtin:level=N (1..10),
                      hub:COMMAND [ARGS], dxp:HOST:PORT or dxp-listen:HOST:PORT, as
                      'dambord match --help' tells
  --move-time S       seconds per position (default 1; decimals allowed)
  --depth N           search each position to N plies instead, 1 to 64
  --variant V         ${variantList(' (default)')};
                      a game is read as its GameType tag says when --variant is not given
  --fen FEN           the position to analyse
  --pdn FILE          write the analysed games to FILE instead of standard output
  --json              a position: one line {"type":"analysis","fen":F,"best":"32-28","score":0.35,
                      "pv":["32-28","19-23"],"depth":14,"nodes":N,"ms":T}, with "win":N or
                      "loss":N in place of "score" where the search proved the result;
                      a game: one line per move {"type":"ply","game":1,"ply":1,"move":"32-28",
                      "before":0.35,"after":-0.2,"mark":"?","better":"33-28"} (a score is a
                      number of men, {"win":N} or {"loss":N}; mark and better null when none)
${ENGINE_LOG_HELP}

Exit status: 0 done, 1 a game of the file has an error (said with its line and column) or the
file holds no game, 2 bad usage or input, 3 a file could not be read or written or the engine
could not be started or failed.

Examples:
  dambord analyse --fen "W:W28,K45:B19,23" --depth 8
  dambord analyse --engine builtin:level=10 --move-time 2 --pdn annotated.pdn game.pdn
`;

/** `dambord analyse`: an engine's view of a position or of every move of a game. */
export const analyseCommand: Command = {
  name: 'analyse',
  summary: 'Analyse a position or every move of a game with an engine (best move, score, ? and ??)',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { engine: 'string', 'move-time': 'string', depth: 'string', variant: 'string', fen: 'string', pdn: 'string', json: 'boolean', 'engine-log': 'string' });
    if (!args.ok) return usageError(io, 'analyse', args.error);
    const o = args.options;
    const spec = parseEngineSpec(o.engine ?? 'builtin');
    if (!spec.ok) return usageError(io, 'analyse', spec.error);
    if (o['move-time'] !== undefined && o.depth !== undefined) return usageError(io, 'analyse', 'give --move-time or --depth, not both');
    const moveTime = moveTimeOption(o['move-time']);
    if (!moveTime.ok) return usageError(io, 'analyse', moveTime.error);
    const depth = wholeNumberOption('depth', o.depth, 1, 64);
    if (!depth.ok) return usageError(io, 'analyse', depth.error);
    const limits: EngineLimits = depth.value !== undefined ? { depth: depth.value } : { moveTimeMs: moveTime.ms ?? 1000 };
    if ((o.fen === undefined) === (args.positionals.length === 0)) return usageError(io, 'analyse', 'give a position with --fen FEN, or one GAME.pdn, not both');
    if (args.positionals.length > 1) return usageError(io, 'analyse', `one GAME.pdn expected, got "${args.positionals.join(' ')}"`);
    const chosen = variantOption(o.variant ?? 'international');
    if (!chosen.ok) return usageError(io, 'analyse', chosen.error);
    const log = engineLogOption(o['engine-log'], io, 'analyse');
    if (o.fen !== undefined) {
      const parsed = parseFen(chosen.variant, o.fen);
      if (!parsed.ok) return usageError(io, 'analyse', `bad FEN "${o.fen}" at character ${parsed.error.offset + 1}: ${parsed.error.reason}; e.g. ${chosen.variant.startFen}`);
      if (legalMoves(parsed.position).length === 0) return usageError(io, 'analyse', `${parsed.position.turn} has no move in "${o.fen}": there is nothing to analyse`);
      const engine = await openOrSay(spec.spec, chosen.variant, log, io, 'analyse');
      if (!engine) return EXIT.io;
      return withEngine(engine, io, async () => {
        const a = await analysePosition(engine, newGame(parsed.position), limits);
        io.stdout.write(o.json
          ? `${JSON.stringify(analysisJson(a))}\n`
          : `best ${a.best}\nscore ${scoreText(a.score)}\npv ${a.pv.join(' ')}\ndepth ${a.depth ?? '?'}\nnodes ${a.nodes ?? '?'}\ntime ${Math.round(a.ms)} ms\n`);
        return EXIT.ok;
      });
    }
    const games = await readGames(args.positionals[0], o.variant === undefined ? undefined : chosen.variant, io);
    if (typeof games === 'number') return games;
    const engine = await openOrSay(spec.spec, games[0].variant, log, io, 'analyse');
    if (!engine) return EXIT.io;
    return withEngine(engine, io, () => analyseGames(engine, games, limits, { json: o.json, pdn: o.pdn }, io));
  },
};

/** Runs `work` with the engine, closes it after, and turns the engine's failure into a message and exit 3. */
async function withEngine(engine: Engine, io: Io, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    io.stderr.write(`dambord analyse: ${e.message}\n`);
    return EXIT.io;
  } finally {
    await engine.close();
  }
}

/** The games of a PDN file, each replayed whole; a game with an error, or none at all, said on stderr with exit 1. */
async function readGames(file: string, variant: Variant | undefined, io: Io): Promise<PdnGame[] | number> {
  const input = await readText(file, io);
  if (!input.ok) {
    io.stderr.write(`dambord analyse: ${input.error}\n`);
    return EXIT.io;
  }
  const { games } = readPdn(input.text, { variant });
  const broken = games.filter((g) => g.error);
  for (const g of broken) io.stderr.write(`dambord analyse: ${input.name}:${g.error!.pos.line}:${g.error!.pos.column}: ${g.error!.reason}\n`);
  if (broken.length > 0) return EXIT.checkFailed;
  if (games.length === 0) {
    io.stderr.write(`dambord analyse: ${input.name} holds no game\n`);
    return EXIT.checkFailed;
  }
  const kinds = [...new Set(games.map((g) => g.variant.name))];
  if (kinds.length > 1) return usageError(io, 'analyse', `${input.name} holds games of ${kinds.join(' and ')} draughts; an engine plays one variant: analyse them a file each`);
  const setup = games.find((g) => g.line.some((item) => item.kind === 'setup'));
  if (setup) return usageError(io, 'analyse', `${input.name}: the game at line ${setup.pos.line} sets up a position in its moves; analyse from that position with --fen`);
  return games;
}

async function analyseGames(engine: Engine, games: readonly PdnGame[], limits: EngineLimits, o: { json: boolean; pdn: string | undefined }, io: Io): Promise<number> {
  let pdn = '';
  for (const [k, g] of games.entries()) {
    const moves = g.line.flatMap((item) => (item.kind === 'ply' ? [item.move] : []));
    const onPly = (p: PlyAnalysis) => {
      if (o.json) io.stdout.write(`${JSON.stringify({ type: 'ply', game: k + 1, ply: p.ply, move: p.text, before: scoreJson(p.scoreBefore), after: scoreJson(p.scoreAfter), mark: p.mark, better: p.better })}\n`);
    };
    const plies = await analyseGame(engine, g.start, moves, limits, { onPly });
    pdn += analysedGamePdn(g, plies, engine.name);
  }
  if (o.pdn !== undefined) {
    try {
      writeFileSync(o.pdn, pdn);
    } catch (e) {
      io.stderr.write(`dambord analyse: cannot write ${o.pdn}: ${why(e)}\n`);
      return EXIT.io;
    }
  } else if (!o.json) io.stdout.write(pdn);
  return EXIT.ok;
}
