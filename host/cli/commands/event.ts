import { hostname } from 'node:os';
import { SIM_BOARDS, boardChosen, simBoardHelp, simBoardNamed } from '../../boards/registry.ts';
import { parseFen, readPdnGames, variantList } from '../../../rules/index.ts';
import type { Move, PdnGame, Position } from '../../../rules/index.ts';
import { parseTimeControl } from '../../game/clock/clock.ts';
import type { TimedControl } from '../../game/clock/clock.ts';
import { controlRefused } from '../../game/clock/laws.ts';
import { settingProblem } from '../../game/settings.ts';
import { policyNamed } from '../../game/referee/policy.ts';
import { saysNothing } from '../../event/archive.ts';
import { MAX_BOARD, boardNumber } from '../../event/pairings.ts';
import type { PairedBoard } from '../../event/pairings.ts';
import { runEvent } from '../../event/run.ts';
import type { EventBoard } from '../../event/run.ts';
import { openPublisher } from '../../broadcast/mqttLink.ts';
import type { Publisher } from '../../broadcast/mqttLink.ts';
import { startBroadcastServer } from '../../broadcast/server.ts';
import { createRoundStore } from '../../broadcast/store.ts';
import { nodeStoreHost } from '../../broadcast/storeHost.ts';
import type { BoardState } from '../../broadcast/types.ts';
import { configHelp, parseArgsWithConfig } from '../configFile.ts';
import { EVENT_OPTIONS } from '../commandOptions.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command, Io } from '../command.ts';
import { portOption, readText, variantOption, why } from '../input.ts';
import { brokerOption, listOfBoards, pairingsOption, secondsOption } from '../broadcastOptions.ts';
import { gameTags } from '../gameTags.ts';
import { langFrom, langHelp } from '../langOption.ts';

const usage = `Usage: dambord event [--pairings FILE] [--sim-games FILE.pdn [--speed X]] [--sim-board ${SIM_BOARDS.map((k) => k.simulates.name).join('|')}] [--config FILE]
                     [--ports N=PORT,...] [--firmata] [--boards LIST] [--event NAME] [--round R] [--site S]
                     [--variant V] [--time-control TC] [--policy P] [--archive DIR]
                     [--http-port N] [--host H] [--delay SECONDS] [--broker URL [--id NAME]] [--exit-when-done]
                     [--lang LANG]

Runs every board of a round on this computer: each board with its number, players and round
from the pairings, its own referee, journal and scoresheet in the archive
(DIR/<event>/round-<R>/board-NN/game.journal and game.pdn), and the round live at
http://127.0.0.1:PORT/: every board, one board in full, and the feeds the draughts sites poll
(/feed/round.pdn, /feed/round.json, /feed/board/N.pdn). A board that is unplugged, loses its
link or waits for a decision stops no other. Started again with the same archive, every board
goes on with its game from its journal.

Boards: a board given a serial port with --ports is a real board; the others are simulated.
--sim-games plays each game of a PDN file on its own simulated board, moved by simulated hands
as 'dambord script' renders them (a rehearsal for organisers): game 1 on the first board of the
pairings, and so on; without --pairings the games' own tags give the players, event, round and
board (their Board tag, or their place in the file).

Options:
  --pairings FILE     the round's pairings: a CSV (board;white;black, with a header: Board/Bord,
                      White/Wit, Black/Zwart, Round/Ronde, Event...) or a PDN header list;
                      boards 1 to 999
  --sim-games FILE    a PDN file: each game played on its own simulated board
  --speed X           the simulated hands play X times faster than people (default 1; up to 100)
${simBoardHelp(22)}
  --ports LIST        real boards: 1=/dev/ttyUSB0,2=/dev/ttyUSB1 (board number = serial port)
  --firmata           the real boards are Arduino Megas with StandardFirmata
  --boards LIST       only these boards of the pairings, e.g. 1-16 or 1,3,5-8 (one host of several)
  --event NAME        the event (default: the pairings' or the games' Event)
  --round R           the round (default: the pairings' or the games'; needed when the pairings hold several)
  --site S            the scoresheets' Site
  --variant V         ${variantList(" (default, or the games' variant)", ', ')}
  --time-control TC   PDN TimeControl for every board, e.g. 5400+30; laws: the English laws' time per move
  --policy P          tournament (default), casual or blind
  --archive DIR       the archive's folder (default ./archive)
  --http-port N       the page's and feeds' port (default 8080; 0 for any free port)
  --host H            the interface (default 127.0.0.1). Beyond it, viewers and feeds are open to
                      all and the boards' commands need the token printed at start
  --delay SECONDS     broadcast delay: moves and clocks are shown this much later (up to 3600)
  --broker URL        also publish every board to an MQTT broker (dambord relay serves them):
                      mqtt://USER:PASSWORD@HOST:PORT (or the password in DAMBORD_MQTT_PASSWORD)
  --id NAME           this host's name at the broker (default: USER-<computer>-<--boards>); the
                      same name after a restart resumes its session. dambord's own broker takes
                      only names that start with the user's name and "-"
  --exit-when-done    stop once the simulated hands have played every game (rehearsals, tests)
${langHelp("en; a board going on with its journal keeps the journal's")}
${configHelp(22)}

Examples:
  dambord event --sim-games round1.pdn --speed 10
  dambord event --pairings round3.csv --ports 1=/dev/ttyUSB0,2=/dev/ttyUSB1 --time-control 5400+30
  dambord event --pairings round3.csv --sim-games round3.pdn --sim-board model --boards 17-32 --broker mqtt://hall2:secret@10.0.0.5:1883
`;

/** `dambord event`: every board of a round on this host, live. */
export const eventCommand: Command = {
  name: 'event',
  summary: 'Run the boards of an event\'s round and broadcast them live (feeds, viewers, MQTT)',
  usage,
  async run(argv, io) {
    const args = parseArgsWithConfig('event', argv, EVENT_OPTIONS);
    if (!args.ok) return usageError(io, 'event', args.error);
    const o = args.options;
    if (args.positionals.length > 0) return usageError(io, 'event', `unexpected argument "${args.positionals[0]}"`);
    const lang = langFrom(o);
    if (!lang.ok) return usageError(io, 'event', lang.error);
    if (o.pairings === undefined && o['sim-games'] === undefined) return usageError(io, 'event', 'give the round: --pairings FILE, or --sim-games FILE.pdn to rehearse with simulated games');
    const speed = /^\d+(\.\d+)?$/.test(o.speed ?? '1') ? Number(o.speed ?? '1') : NaN;
    if (!(speed > 0 && speed <= 100)) return usageError(io, 'event', `--speed must be a number above 0 and up to 100, not "${o.speed}"`);
    const simulated = simBoardNamed(o['sim-board']);
    if (!simulated.ok) return usageError(io, 'event', simulated.error);
    const delay = secondsOption('delay', o.delay, 3600);
    if (!delay.ok) return usageError(io, 'event', delay.error);
    const port = portOption('http-port', o['http-port'], 8080);
    if (!port.ok) return usageError(io, 'event', port.error);
    const httpPort = port.port;
    const only = o.boards === undefined ? null : listOfBoards(o.boards);
    if (only && !only.ok) return usageError(io, 'event', only.error);
    const ports = parsePorts(o.ports);
    if (typeof ports === 'string') return usageError(io, 'event', ports);
    const broker = o.broker === undefined ? null : brokerOption(o.broker);
    if (broker && !broker.ok) return usageError(io, 'event', broker.error);
    const policy = policyNamed(o.policy ?? 'tournament');
    if (!policy) return usageError(io, 'event', `--policy must be tournament, casual or blind, not "${o.policy}"`);
    let timeControl: TimedControl | null = null;
    if (o['time-control'] !== undefined) {
      const tc = parseTimeControl(o['time-control']);
      if (!tc.ok) return usageError(io, 'event', `--time-control: ${settingProblem('time-control', o['time-control'])}`);
      timeControl = tc.tc.kind === 'timed' ? tc.tc : null;
    }

    // The round: the pairings, the simulated games, or both.
    let pairings: { event: string | null; round: string | null; boards: PairedBoard[] } | null = null;
    if (o.pairings !== undefined) {
      const given = await pairingsOption(o.pairings, io, 'event');
      if (!given.ok) return given.code;
      pairings = given.pairings;
    }
    let games: PdnGame[] = [];
    if (o['sim-games'] !== undefined) {
      const read = await simGames(o['sim-games'], o.variant, io);
      if (typeof read === 'number') return read;
      games = read;
    }
    const tag = (g: PdnGame | undefined, name: string): string | undefined => g?.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
    const chosen = variantOption(o.variant ?? games[0]?.variant.name ?? 'international');
    if (!chosen.ok) return usageError(io, 'event', chosen.error);
    const v = chosen.variant;
    const refused = timeControl && controlRefused(timeControl, v);
    if (refused) return usageError(io, 'event', `--time-control: ${refused}`);
    const rounds = pairings ? [...new Set(pairings.boards.map((b) => b.round ?? ''))] : [];
    // Pairings of several rounds: --round must choose one.
    const chosenRound = o.round ?? pairings?.round ?? (rounds.length > 1 ? null : rounds[0] || undefined);
    if (chosenRound === null) return usageError(io, 'event', `the pairings hold rounds ${rounds.join(', ')}: choose one with --round`);
    const round = chosenRound ?? tag(games[0], 'Round') ?? '1';
    const event = o.event ?? pairings?.event ?? tag(games[0], 'Event') ?? '?';
    const startFen = parseFen(v, v.startFen);
    if (!startFen.ok) throw new Error(startFen.error.reason);
    const start: Position = startFen.position;

    const today = new Date();
    const paired = pairings ? pairings.boards.filter((b) => (b.round ?? round) === round).sort((a, b) => a.board - b.board) : null;
    // Board i of the round plays game i of --sim-games.
    let specs: PairedBoard[];
    if (paired) specs = paired;
    else {
      const numbered = gameBoards(games);
      if (typeof numbered === 'string') {
        io.stderr.write(`dambord event: ${o['sim-games']}:${numbered}\n`);
        return EXIT.checkFailed;
      }
      specs = games.map((g, i) => ({ board: numbered[i], white: tag(g, 'White') ?? '?', black: tag(g, 'Black') ?? '?', round, site: tag(g, 'Site'), date: tag(g, 'Date') }));
    }
    const boards: EventBoard[] = [];
    for (const [i, p] of specs.entries()) {
      const game = games.at(i);
      if (only && !only.boards.has(p.board)) continue;
      if (game && game.start.variant !== v) return usageError(io, 'event', `game ${i + 1} of ${o['sim-games']} is ${game.start.variant.name}, the event ${v.name}`);
      const port = ports.get(p.board);
      const moves: Move[] = game ? game.line.flatMap((item) => (item.kind === 'ply' ? [item.move] : [])) : [];
      boards.push({
        address: { event, round, board: p.board },
        players: { white: p.white, black: p.black },
        tags: gameTags({ event, site: o.site ?? p.site, round }, today).map((t) => (t.name === 'Date' && p.date ? { ...t, value: p.date } : t)),
        source: port ? { kind: boardChosen(o, port), port } : { kind: simulated.kind, port: null, game: game ? { moves, seed: p.board, result: game.result ?? '*' } : null },
        ...(game && game.start !== start ? { start: game.start } : {}),
      });
    }
    if (boards.length === 0) return usageError(io, 'event', only ? `no board of the round is in --boards ${o.boards}` : 'the round has no boards');
    const { heavy } = simulated.kind.simulates;
    const lighter = SIM_BOARDS.find((k) => !k.simulates.heavy);
    if (heavy && boards.filter((b) => b.source.port === null).length > 8) io.stdout.write(`dambord event: ${boards.length} simulated boards run ${heavy}${lighter ? `; --sim-board ${lighter.simulates.name} runs many more` : ''}\n`);

    // Where the boards' states go: this host's own round (its page and feeds) and, with --broker, the relay's broker.
    const store = createRoundStore({ event, delayMs: delay.ms }, nodeStoreHost);
    let publisher: Publisher | null = null;
    if (broker?.ok) {
      // A user's client ids start with its name: dambord's own broker takes no other (no host takes another's session).
      const id = o.id ?? `${broker.link.username ?? 'dambord'}-${hostname()}-${o.boards ?? 'all'}`;
      publisher = openPublisher({ ...broker.link, clientId: id, onStatus: (text) => io.stdout.write(`dambord event: ${text}\n`) });
    }
    const publish = (s: BoardState): void => {
      store.put(s);
      publisher?.publish(s);
    };
    const log = (line: string): void => void io.stdout.write(`dambord event: ${line}\n`);
    const running = await runEvent({ boards, start, policy, timeControl, timeControlTag: o['time-control'], lang: lang.lang, archive: o.archive ?? 'archive', speed, publish, log });
    if (running.boards.size === 0) {
      await publisher?.close();
      io.stderr.write('dambord event: no board could start\n');
      return EXIT.io;
    }
    let server;
    try {
      server = await startBroadcastServer(store, { port: httpPort, host: o.host ?? '127.0.0.1', control: running, lang: lang.lang });
    } catch (e) {
      await running.close();
      await publisher?.close();
      io.stderr.write(`dambord event: cannot serve the round on port ${httpPort}: ${why(e)}; choose another with --http-port\n`);
      return EXIT.io;
    }
    // PDN's unknown (`?`, '') is not said, as the archive's folders have it: "nk: 3 boards", where it read "nk, round ?".
    const heading = [saysNothing(event) ? 'event not named' : event, ...(saysNothing(round) ? [] : [`round ${round}`])].join(', ');
    io.stdout.write(`dambord event: ${heading}: ${running.boards.size} board${running.boards.size === 1 ? '' : 's'} (${[...running.boards.keys()].join(', ')}); live at ${server.url}, feeds at ${server.url}feed/round.pdn\n`);
    if (server.tokenRequired) io.stdout.write(`dambord event: the boards' commands need the token (Authorization: Bearer ${server.token}); viewers and feeds need none\n`);
    io.stdout.write(`dambord event: the archive is ${o.archive ?? 'archive'}; Ctrl-C ends\n`);
    const stop = new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await Promise.race([stop, o['exit-when-done'] ? running.handsDone.then(() => new Promise((r) => setTimeout(r, 1000))) : new Promise(() => {})]);
    if (publisher) await Promise.race([publisher.flush().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
    await server.close();
    await running.close();
    await publisher?.close();
    store.close();
    io.stdout.write(`dambord event: stopped; the games are in ${o.archive ?? 'archive'}\n`);
    return EXIT.ok;
  },
};

/** `--ports 1=/dev/ttyUSB0,2=/dev/ttyUSB1`: board number to port, or what is wrong. */
function parsePorts(text: string | undefined): Map<number, string> | string {
  const out = new Map<number, string>();
  if (text === undefined) return out;
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*=\s*(\S+)\s*$/.exec(part);
    if (!m || Number(m[1]) < 1) return `--ports: "${part}" is not BOARD=PORT, e.g. 1=/dev/ttyUSB0`;
    if (out.has(Number(m[1]))) return `--ports names board ${m[1]} twice`;
    out.set(Number(m[1]), m[2]);
  }
  return out;
}

/**
 * The board of each game of --sim-games: its Board tag, or its place in the file when it has none
 * (or `?`); or `LINE: game N: what is wrong` for a board number that is not one (boardNumber:
 * from 1 to {@link MAX_BOARD}).
 */
function gameBoards(games: readonly PdnGame[]): number[] | string {
  const boards: number[] = [];
  for (const [i, g] of games.entries()) {
    const t = g.tags.find((x) => x.name.toLowerCase() === 'board');
    const written = t && !/^[?\s]*$/.test(t.value);
    const n = boardNumber(written ? t.value : String(i + 1));
    if (typeof n === 'string') {
      const what = written ? n.replace('the board number', 'the Board tag') : `game ${i + 1} has no Board tag, and a round has at most ${MAX_BOARD} boards: put at most ${MAX_BOARD} games in the file`;
      return written ? `${t.pos.line}: game ${i + 1}: ${what}` : `${g.pos.line}: ${what}`;
    }
    boards.push(n);
  }
  return boards;
}

/** The games of a PDN file for simulated boards; each must replay to its end. */
async function simGames(file: string, variant: string | undefined, io: Io): Promise<PdnGame[] | number> {
  const chosen = variant === undefined ? null : variantOption(variant);
  if (chosen && !chosen.ok) return usageError(io, 'event', chosen.error);
  const text = await readText(file, io);
  if (!text.ok) {
    io.stderr.write(`dambord event: ${text.error}\n`);
    return EXIT.io;
  }
  const games: PdnGame[] = [];
  for (const item of readPdnGames(text.text, chosen ? { variant: chosen.variant } : {})) {
    if (item.kind !== 'game') continue;
    if (item.game.error) {
      io.stderr.write(`dambord event: ${text.name}:${item.game.error.pos.line}:${item.game.error.pos.column}: game ${games.length + 1} does not replay: ${item.game.error.reason}; mend it, or leave it out\n`);
      return EXIT.checkFailed;
    }
    games.push(item.game);
  }
  if (games.length === 0) {
    io.stderr.write(`dambord event: ${text.name} holds no game\n`);
    return EXIT.checkFailed;
  }
  return games;
}
