import { appendFileSync, writeFileSync } from 'node:fs';
import { variantList } from '../../../rules/index.ts';
import type { Variant } from '../../../rules/index.ts';
import { parseTimeControl, timeControlTag } from '../../game/clock/clock.ts';
import { controlRefused } from '../../game/clock/laws.ts';
import { timeControlWhy } from '../../game/clock/timeControlWords.ts';
import type { Engine } from '../../engine/engine.ts';
import type { EngineLog } from '../../engine/engineLog.ts';
import { eloEstimate, eloText } from '../../engine/elo.ts';
import type { MatchGame } from '../../engine/match.ts';
import { runMatch } from '../../engine/match.ts';
import type { MatchTiming } from '../../engine/matchGame.ts';
import { PLY_CAP } from '../../engine/matchGame.ts';
import { matchGamePdn } from '../../engine/matchPdn.ts';
import type { Opening } from '../../engine/openings.ts';
import { defaultOpenings, parseOpenings } from '../../engine/openings.ts';
import type { EngineSpec } from '../../engine/spec.ts';
import { SPEC_FORMS, openEngine, parseEngineSpec } from '../../engine/spec.ts';
import { parseArgs } from '../args.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command, Io } from '../command.ts';
import { ENGINE_LOG_HELP, engineLogOption, moveTimeOption, openOrSay } from '../engineOptions.ts';
import { readText, variantOption, wholeNumberOption, why } from '../input.ts';

const usage = `Usage: dambord match --white SPEC --black SPEC [--variant V] [--games N] [--openings FILE]
                     [--move-time S | --time-control TC] [--pdn FILE] [--json] [--engine-log FILE]

Plays engines against each other, as cutechess-cli does for chess, and prints each result and
the score with the Elo difference and its error margin. The engine of --white (engine A) has
White in game 1; colours alternate game by game over the openings: game 1 opening 1, game 2
opening 1 with colours swapped, game 3 opening 2, and so on, round again when they run out.

An engine SPEC is one of:
  builtin, builtin:level=N, builtin:level=N,seed=S
                        dambord's own engine, level 1..10 (10, the default, full strength)
  hub:COMMAND [ARGS]    a Hub engine (Scan 3.x's protocol), its command line split as a shell does
                        (quotes allowed), run in its own folder
  dxp:HOST:PORT         a DXP engine that listens: dambord connects (DXP's port is 27531)
  dxp-listen:HOST:PORT  dambord listens on a loopback address for a DXP engine that connects
  An IPv6 host is written in brackets: dxp:[::1]:27531.

A game ends by the rules (a side with no piece or no move; the variant's draws), or as a draw
at ${PLY_CAP} plies (the ply cap: the English laws' 40-move draw needs a claim engines do not make),
or when an engine fails: an error, an illegal move, a refusal (read as its resignation) loses
that game for it, said on standard error and in the PDN, and it is started again for the next.

Options:
  --white SPEC        engine A, White in the odd games
  --black SPEC        engine B, Black in the odd games
  --variant V         ${variantList(' (default)')}
  --games N           games to play, 1 to 100000 (default 2)
  --openings FILE     the positions games start from: one FEN a line (# starts a comment line), or
                      a PDN of openings (each game's position after its moves; its FEN tag
                      honoured). Default: the start position, then each of the first moves
  --move-time S       seconds per move (default 1; decimals allowed: 0.1)
  --time-control TC   a game clock instead: PDN TimeControl, e.g. 60+1 (a minute, a second a
                      move) or 40/300:60; a flag fall loses the game
  --pdn FILE          write every game as PDN to FILE (White and Black the engines' names,
                      Round the game's number, a last comment on how it ended), each as it ends
  --json              one line per game {"type":"game","n":1,"white":SPEC,"black":SPEC,
                      "result":"2-0","plies":N,"opening":"..."} and a last line {"type":"match",
                      "engine":SPEC,"opponent":SPEC,"wins":W,"draws":D,"losses":L,"score":0.55,
                      "elo":35,"elo_error":60}, from engine A's side; elo is null when A won or
                      lost every game, elo_error null when the games are too few for a margin
${ENGINE_LOG_HELP}

Ctrl-C stops the match: the game being played is left out, the finished ones are written and
counted, and the engines are closed.

Exit status: 0 done, 2 bad usage or input (a bad SPEC, an openings line that does not read),
3 a file could not be read or written or an engine could not be started, 130 stopped by Ctrl-C.

Examples:
  dambord match --white builtin:level=3 --black builtin:level=1 --games 20 --move-time 0.2
  dambord match --white "hub:/opt/scan/scan hub" --black builtin --time-control 60+1 --pdn m.pdn
`;

/** `dambord match`: engines against each other, the score and the Elo difference. */
export const matchCommand: Command = {
  name: 'match',
  summary: 'Play engines against each other and print the score with the Elo difference',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, {
      white: 'string', black: 'string', variant: 'string', games: 'string', openings: 'string', 'move-time': 'string', 'time-control': 'string', pdn: 'string', json: 'boolean', 'engine-log': 'string',
    });
    if (!args.ok) return usageError(io, 'match', args.error);
    const o = args.options;
    if (args.positionals.length > 0) return usageError(io, 'match', `unexpected "${args.positionals.join(' ')}"; the engines are given with --white SPEC and --black SPEC`);
    if (o.white === undefined || o.black === undefined) return usageError(io, 'match', `--white SPEC and --black SPEC are both needed; an engine is one of: ${SPEC_FORMS}`);
    const specs: EngineSpec[] = [];
    for (const text of [o.white, o.black]) {
      const spec = parseEngineSpec(text);
      if (!spec.ok) return usageError(io, 'match', spec.error);
      specs.push(spec.spec);
    }
    const chosen = variantOption(o.variant ?? 'international');
    if (!chosen.ok) return usageError(io, 'match', chosen.error);
    const v = chosen.variant;
    const games = wholeNumberOption('games', o.games, 1, 100_000);
    if (!games.ok) return usageError(io, 'match', games.error);
    const timing = timingOptions(o['move-time'], o['time-control'], v);
    if (!timing.ok) return usageError(io, 'match', timing.error);
    const openings = await openingsOption(o.openings, v, io);
    if (typeof openings === 'number') return openings;
    if (o.pdn !== undefined) {
      try {
        writeFileSync(o.pdn, '');
      } catch (e) {
        io.stderr.write(`dambord match: cannot write ${o.pdn}: ${why(e)}\n`);
        return EXIT.io;
      }
    }
    const log = engineLogOption(o['engine-log'], io, 'match');
    const opened = [await openOrSay(specs[0], v, log, io, 'match'), await openOrSay(specs[1], v, log, io, 'match')];
    if (!opened[0] || !opened[1]) {
      await Promise.all(opened.map((e) => e?.close()));
      return EXIT.io;
    }
    return play({ engines: [opened[0], opened[1]], specs, games: games.value ?? 2, openings, timing: timing.timing, pdn: o.pdn, json: o.json, log }, v, io);
  },
};

interface Plan {
  readonly engines: readonly [Engine, Engine];
  readonly specs: readonly EngineSpec[];
  readonly games: number;
  readonly openings: readonly Opening[];
  readonly timing: { readonly timing: MatchTiming; readonly tag?: string };
  readonly pdn: string | undefined;
  readonly json: boolean;
  readonly log: EngineLog;
}

async function play(p: Plan, v: Variant, io: Io): Promise<number> {
  const stop = new AbortController();
  const onSignal = () => {
    io.stderr.write('dambord match: stopping: the game being played is left out\n');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '.');
  let unwritten: string | null = null;
  const onGame = (g: MatchGame) => {
    const specOf = (white: boolean) => p.specs[white === (g.whiteIs === 0) ? 0 : 1].text;
    io.stdout.write(p.json
      ? `${JSON.stringify({ type: 'game', n: g.n, white: specOf(true), black: specOf(false), result: g.result, plies: g.game.moves.length, opening: g.opening.name })}\n`
      : `game ${g.n}: ${g.whiteName} - ${g.blackName} ${g.result} (${g.reason}; opening ${g.opening.name})\n`);
    if (p.pdn === undefined || unwritten) return;
    try {
      appendFileSync(p.pdn, matchGamePdn(g, { event: `dambord match: ${p.engines[0].name} - ${p.engines[1].name}`, date, timeControl: p.timing.tag }));
    } catch (e) {
      unwritten = `cannot write ${p.pdn}: ${why(e)}`;
      io.stderr.write(`dambord match: ${unwritten}\n`);
    }
  };
  let result;
  try {
    result = await runMatch({
      engines: p.engines, reopen: (k) => openEngine(p.specs[k], { variant: v, log: p.log }), games: p.games, openings: p.openings, timing: p.timing.timing,
      now: () => performance.now(), signal: stop.signal, onGame, onNote: (text) => io.stderr.write(`dambord match: ${text}\n`),
    });
  } finally {
    process.off('SIGINT', onSignal);
  }
  const elo = eloEstimate(result.wins, result.draws, result.losses);
  const round = (x: number) => (Number.isFinite(x) ? Math.round(x) : null);
  io.stdout.write(p.json
    ? `${JSON.stringify({ type: 'match', engine: p.specs[0].text, opponent: p.specs[1].text, wins: result.wins, draws: result.draws, losses: result.losses, score: Number.isNaN(elo.score) ? null : Math.round(elo.score * 1000) / 1000, elo: round(elo.elo), elo_error: round(elo.margin) })}\n`
    : `Score of ${p.specs[0].text} against ${p.specs[1].text}: ${result.wins}-${result.draws}-${result.losses} (W-D-L) in ${result.games.length} game${result.games.length === 1 ? '' : 's'}, ${Number.isNaN(elo.score) ? '-' : (elo.score * 100).toFixed(1)}%\n${eloText(elo)}\n`);
  if (result.stopped) return 130;
  return unwritten ? EXIT.io : EXIT.ok;
}

function timingOptions(moveTime: string | undefined, control: string | undefined, v: Variant): { ok: true; timing: { timing: MatchTiming; tag?: string } } | { ok: false; error: string } {
  if (moveTime !== undefined && control !== undefined) return { ok: false, error: 'give --move-time or --time-control, not both' };
  if (control !== undefined) {
    const tc = parseTimeControl(control);
    if (!tc.ok) return { ok: false, error: `the time control "${control}" is not one PDN knows: ${timeControlWhy(control, tc)}` };
    if (tc.tc.kind !== 'timed') return { ok: false, error: `the time control "${control}" gives no time; give one such as 60+1` };
    const refused = controlRefused(tc.tc, v);
    if (refused) return { ok: false, error: refused };
    return { ok: true, timing: { timing: { timeControl: tc.tc }, tag: timeControlTag(tc.tc) } };
  }
  const ms = moveTimeOption(moveTime);
  return ms.ok ? { ok: true, timing: { timing: { moveTimeMs: ms.ms ?? 1000 } } } : ms;
}

async function openingsOption(file: string | undefined, v: Variant, io: Io): Promise<readonly Opening[] | number> {
  if (file === undefined) return defaultOpenings(v);
  const input = await readText(file, io);
  if (!input.ok) {
    io.stderr.write(`dambord match: ${input.error}\n`);
    return EXIT.io;
  }
  const parsed = parseOpenings(input.text, file, v);
  if (!parsed.ok) return usageError(io, 'match', parsed.error);
  return parsed.openings;
}
