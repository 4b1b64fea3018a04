import { rmSync } from 'node:fs';
import { parseFen, variantList } from '../../../rules/index.ts';
import type { Position } from '../../../rules/index.ts';
import type { Policy } from '../../game/referee/types.ts';
import { parseClockTime, parseTimeControl } from '../../game/clock/clock.ts';
import type { TimedControl } from '../../game/clock/clock.ts';
import { controlRefused } from '../../game/clock/laws.ts';
import { settingProblem } from '../../game/settings.ts';
import type { Journal } from '../../journal/journal.ts';
import type { Reopened } from '../../journal/reopen.ts';
import type { BoardLink } from '../../link/types.ts';
import { boardSeat } from '../openBoard.ts';
import { boardChosen, boardName, boardHelp } from '../../boards/registry.ts';
import { seatGame } from '../../play/table.ts';
import { pdnFile, pdnOf } from '../../play/outputs/pdnFile.ts';
import { archiveFiler, sayFiled } from '../../play/outputs/archiveFile.ts';
import { speechOutput } from '../../play/outputs/speech.ts';
import { secondBoardOutput } from '../../play/outputs/secondBoard.ts';
import { journalToResume, resumeFrom } from '../resumeJournal.ts';
import { gameTags } from '../gameTags.ts';
import { secondBoardOption } from '../secondBoard.ts';
import { hintsShown, policyNamed, withShowJumps } from '../../game/referee/policy.ts';
import { startWebServer } from '../../web/server.ts';
import type { GameState } from '../../game/game.ts';
import type { PlayView } from '../../game/types.ts';
import type { Query } from '../../speech/queries.ts';
import { configHelp, parseArgsWithConfig } from '../configFile.ts';
import { PLAY_OPTIONS } from '../commandOptions.ts';
import { SPEECH_HELP, openAsked, speechFrom } from '../speechOptions.ts';
import { langFrom, langHelp } from '../langOption.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command } from '../command.ts';
import { portOption, variantOption, why } from '../input.ts';
import { COMPUTER_HELP, computerName, computerOption } from '../computerOption.ts';
import { openOrSay } from '../engineOptions.ts';
import { NO_LOG } from '../../engine/engineLog.ts';
import { openEngine, parseEngineSpec } from '../../engine/spec.ts';

const usage = `Usage: dambord play [--variant V] [--fen FEN] [--firmata] [--port P | --find] [--second-board sim|P2] [--white NAME] [--black NAME] [--config FILE]
                    [--event NAME] [--site S] [--round R] [--time-control TC] [--policy P] [--show-jumps] [--hints] [--http-port N] [--host H]
                    [--engine white|black [--level N | --engine-spec SPEC] [--alt-move] [--no-hints] [--training]]
                    [--games DIR] [--archive DIR] [--resume FILE|last [--clock WHITE,BLACK]] [--lang LANG]
                    [--voice LANG [--rate WPM] [--volume N] [--wav DIR | --beeps] [--transcript FILE] [--queries]]

Plays a game at the board: the referee watches the reed switches, the LEDs show the last move
and what to do, the journal keeps every event on disk, and a live page shows the game at
http://127.0.0.1:PORT. Without --port the board is the simulator (the committed firmware in
avr8js): the page is then the hands, click a piece to lift it and a square to put it down.
With --firmata the board is an Arduino Mega running stock StandardFirmata, wired as
hardware/firmata/WIRING.md says (the simulated one without --port).

Options:
  --variant V        ${variantList(' (default)')}
  --fen FEN          start from this position (the LEDs show how to set it up)
${boardHelp(21)}
  --second-board B   two boards, one per player, as blind players play: the first board (the
                     simulator, or --port P) is White's, B Black's ("sim": a second simulated
                     board; or its serial port, with --port). A move made on one board is the
                     game's; the other board's LEDs (and, with --voice, the speech) show its
                     player the move to copy, the first square where the boards differ, until
                     that board shows the game, and only then are its player's moves the game's.
                     The buttons of either board count (the opponent decides an irregularity
                     from their own board, FMJD 5.4; j'adoube only on the board played on).
                     On the simulator the page's hands act on the board of the side to move; a
                     click on a square where that board, being copied, differs from the game
                     does the copy step there. A king's move that could go further is the
                     game's when its player presses the clock or the opponent, having copied
                     it, lifts a piece; an irregular move is judged when the clock, or the
                     opponent's accept or correct, is pressed
  --white, --black   the players' names
${COMPUTER_HELP}
  --event NAME       the scoresheet's Event (default "?", unknown, as PDN writes it)
  --site S           where the game is played, e.g. "Amsterdam NED" (the Site tag)
  --round R          the round of the event, e.g. 3 or 3.1 (default "?", or "-" with no --event)
  --time-control TC  PDN TimeControl, e.g. 5400+30 (90 min + 30 s a move), 40/7200:3600; in the
                     english variant also laws: the Standard Laws' time per move (time called
                     after 5 min, 1 min with only one way to capture; lost a minute later)
  --policy P         tournament (default), casual or blind
  --show-jumps       the opponent asks for multiple captures to be shown jump by jump (FMJD 4.9)
  --hints            light the squares a lifted piece may go to (casual and blind only: the
                     tournament policy refuses it, a board showing legal moves plays for the player)
  --http-port N      the page's port (default 8080; 0 for any free port)
  --host H           the page's interface (default 127.0.0.1, this computer only; 0.0.0.0 for a
                     phone on the LAN). Beyond 127.0.0.1 the page and its controls are on the
                     network: anyone there can watch, and only the address with the token
                     printed at start can play, accept, correct, resign or agree a draw
  --games DIR        where the journal and the PDN of each game go (default ./games)
  --archive DIR      the club's archive (default ./archive): each game is filed into it once
                     it has a result, beside the games imported (dambord archive list shows it)
  --resume FILE      go on with the game of a journal after a crash or a power cut (FILE, or
                     "last": the newest journal in --games that holds a game); the board is
                     checked against it.
                     The clocks come back as at the journal's last entry, not running: they
                     start again with the next move or press of the clock (the time the host
                     was down is charged to nobody)
  --clock W,B        with --resume: the arbiter sets the clocks, White's time left then
                     Black's, each H:MM:SS or seconds, e.g. --clock 1:23:45,1:10:00
${langHelp("--voice's language when given, else en; a resumed game keeps its journal's")}
${configHelp(21)}
${SPEECH_HELP}

Examples:
  dambord play
  dambord play --port /dev/ttyUSB0 --white "Anna" --black "Bert" --time-control 5400+30
  dambord play --firmata --port /dev/ttyACM0 --variant english
  dambord play --engine black --level 3 --policy casual
  dambord play --resume last --clock 1:23:45,1:10:00
  dambord play --policy blind --voice hr --transcript game.jsonl
  dambord play --policy blind --second-board sim --voice en
  dambord play --port /dev/ttyUSB0 --second-board /dev/ttyUSB1 --policy blind --voice nl

The scoresheet's Date is the day the game starts, from this computer's clock. When a game is
over, the page's "New game" starts the next one at the same board, colours swapped, on a
journal and a PDN of its own.
`;

/** What a test may put in `dambord play`'s way: its first journal wrapped (host/journal/testing/killedAfterEvent.ts, test/playKilled.ts), its end. */
export interface PlaySeams {
  readonly journal?: (journal: Journal) => Journal;
  /** Ends the run as Ctrl-C does when it resolves. */
  readonly stop?: Promise<void>;
}

/** `dambord play`: a game at the board with LEDs, clock, journal and a live page. */
export const playCommand: Command = playCommandWith({});

/** `dambord play` with the test seams `seams`. */
export function playCommandWith(seams: PlaySeams): Command {
  return {
  name: 'play',
  summary: 'Play a game at the board (the simulator without --port) with a live web page',
  usage,
  async run(argv, io) {
    const args = parseArgsWithConfig('play', argv, PLAY_OPTIONS);
    if (!args.ok) return usageError(io, 'play', args.error);
    const o = args.options;
    if (args.positionals.length > 0) return usageError(io, 'play', `unexpected argument "${args.positionals[0]}"`);
    const lang = langFrom(o, o.voice ?? o.speak);
    if (!lang.ok) return usageError(io, 'play', lang.error);
    const secondAsked = secondBoardOption(o);
    if (!secondAsked.ok) return usageError(io, 'play', secondAsked.error);
    let setClock: { white: number; black: number } | null = null;
    if (o.clock !== undefined) {
      if (o.resume === undefined) return usageError(io, 'play', '--clock sets the clocks of a game resumed with --resume; a new game\'s clocks start from its --time-control');
      const parsed = parseClocks(o.clock);
      if (typeof parsed === 'string') return usageError(io, 'play', parsed);
      setClock = parsed;
    }
    const dir = o.games ?? 'games';
    let resumed: Resumed | null = null;
    if (o.resume !== undefined) {
      const r = resumeFrom('play', journalToResume(o.resume, dir), io, { clocks: setClock, hints: o.hints });
      if (typeof r === 'number') return r;
      resumed = r;
    }
    // The computer at the board: a resumed game's, as its journal's header says, or the options'.
    const asked = computerOption(o);
    if (!asked.ok) return usageError(io, 'play', asked.error);
    if (resumed && asked.computer) return usageError(io, 'play', 'a resumed game keeps its own players: --engine is for a new game (a game against the computer resumes with its engine)');
    const journaled = resumed?.game.state.config.computer;
    const journaledSpec = journaled ? parseEngineSpec(journaled.spec) : null;
    if (journaledSpec && !journaledSpec.ok) return usageError(io, 'play', `the journal's engine cannot be read: ${journaledSpec.error}`);
    const computerAsked = journaled && journaledSpec?.ok ? { config: journaled, spec: journaledSpec.spec } : asked.computer;
    // The game: the resumed one's, as its journal's header says, or a new one's from the options.
    const chosen = resumed ? { ok: true as const, game: resumed.game.state.config } : newGame(o);
    if (!chosen.ok) return usageError(io, 'play', chosen.error);
    const { start, policy, timeControl } = chosen.game;
    if (o.hints === true && !hintsShown(policy)) return usageError(io, 'play', `--hints is not given under the ${policy.name} policy: a board that shows where a piece may go plays for the player; choose --policy casual or blind for hints`);
    const v = start.variant;
    // The board's piezo for --beeps: the link is opened below, before anything is said.
    let beepOn: BoardLink | null = null;
    const speechAsked = speechFrom(o, 'device', { queries: policy.name === 'blind', beep: (hz, ms) => beepOn?.beep(hz, ms) ?? Promise.resolve() });
    if (!speechAsked.ok) return usageError(io, 'play', speechAsked.error);
    const speech = openAsked(speechAsked.speech, io, 'play');
    if (typeof speech === 'number') return speech;
    const port = portOption('http-port', o['http-port'], 8080);
    if (!port.ok) return usageError(io, 'play', port.error);
    const httpPort = port.port;

    // The board (the simulator, a named port, or one found by its hello) and Black's own board
    // beside it (--second-board): the game plays on the two as one.
    const board = await boardSeat('play', o, io);
    if (typeof board === 'number') return board;
    const second = secondAsked.second ? { kind: boardChosen(o, secondAsked.second === 'sim' ? null : secondAsked.second), port: secondAsked.second === 'sim' ? null : secondAsked.second } : null;
    const engine = computerAsked ? await openOrSay(computerAsked.spec, v, NO_LOG, io, 'play') : null;
    if (computerAsked && !engine) return EXIT.io;
    const computer = computerAsked && engine ? { config: { ...computerAsked.config, name: computerName(computerAsked.config.level, engine.name) }, engine } : null;
    const players = { white: o.white ?? '?', black: o.black ?? '?', ...(computer ? { [computer.config.side]: computer.config.name } : {}) };
    const archive = o.archive ?? 'archive';
    const say = (line: string) => io.stdout.write(`dambord play: ${line}\n`);
    const filer = archiveFiler(archive, { inProgress: false, log: say, filed: sayFiled(archive, say) });
    const seated = await seatGame({
      board, second, start, startFen: o.fen ?? v.startFen, policy, timeControl, timeControlTag: o['time-control'], hints: o.hints, lang: lang.lang,
      players, tags: (now, set) => gameTags(set ?? o, now),
      journals: { dir }, resumed, journalSeam: seams.journal, computer,
      // The level changed from the page or the board, or a crashed engine's second try (host/play/computerSeat.ts): the engine opened from its spec.
      reopen: async (spec: string) => {
        const parsed = parseEngineSpec(spec);
        if (!parsed.ok) throw new Error(parsed.error);
        return openEngine(parsed.spec, { variant: v, log: NO_LOG });
      },
      ...(speech ? { ask: (q: Query, state: GameState, now: number) => speech.ask(q, state, now).text } : {}),
      // The move is said before the copy step it gives the other board.
      outputs: [...(speech ? [speechOutput(speech)] : []), ...(second ? [secondBoardOutput()] : []), pdnFile({ written: filer.offer })],
    });
    if (!seated.ok) {
      await engine?.close();
      io.stderr.write(`dambord play: ${seated.error}\n`);
      return EXIT.io;
    }
    const { session, played } = seated.table;
    beepOn = seated.table.link;
    const journalPath = played[0].path;
    const pdnPath = pdnOf(played[0]);
    let server;
    try {
      server = await startWebServer(session, { port: httpPort, host: o.host ?? '127.0.0.1', lang: resumed?.game.state.config.lang ?? lang.lang, archive });
    } catch (e) {
      await session.close();
      io.stderr.write(`dambord play: cannot serve the page on port ${httpPort}: ${why(e)}; choose another with --http-port\n`);
      return EXIT.io;
    }
    const [first, black] = seated.table.boards;
    const firstName = boardName(first.kind, first, { full: true });
    const boards = black ? `two boards, White's ${firstName} and Black's ${boardName(black.kind, black, { article: 'a' })}` : firstName;
    io.stdout.write(`dambord play: ${v.name} on ${boards}; the game is at ${server.url}\n`);
    if (server.tokenRequired) io.stdout.write(`dambord play: the page is on the network; only this address gives control of the game, keep it to the players: ${server.controlUrls.join(' or ')}\n`);
    io.stdout.write(`dambord play: journal ${journalPath}, scoresheet ${pdnPath}; Ctrl-C ends\n`);
    if (computer) {
      // The computer's move, printed once as it is shown.
      let printed = '';
      session.subscribe((view) => {
        const text = view.engine?.move?.text;
        const line = text ? [...view.log].reverse().find((l) => l.includes(text)) : undefined;
        if (!line || line === printed) return;
        printed = line;
        io.stdout.write(`dambord play: ${line}\n`);
      });
    }
    // A new game (the page's New game, or settings set before the first move) has files of its own: named as it starts.
    let named = journalPath;
    session.subscribe(() => {
      const j = session.journal();
      if (!j || j.path === named) return;
      named = j.path;
      io.stdout.write(`dambord play: now journal ${j.path}, scoresheet ${pdnOf(j)}\n`);
    });
    const stop = new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
      void seams.stop?.then(() => resolve());
    });
    // A board that does not answer, or answers with the wrong size, is said at once.
    const problem = new Promise<number>((resolve) => {
      const check = (view: PlayView) => {
        if (view.link.state === 'wrong board') resolve(EXIT.usage);
      };
      session.subscribe(check);
      check(session.view());
      setTimeout(() => {
        const state = session.view().link.state;
        if (state === 'connecting') io.stderr.write(`dambord play: no answer yet from the board on ${first.path} (is another program holding the port?); still trying, Ctrl-C to stop\n`);
      }, 5000).unref();
    });
    // A journal that cannot be written stops the game; the log's last line says what to do.
    const fault = session.fault.then(() => EXIT.io);
    const code = await Promise.race([stop.then(() => EXIT.ok), session.done.then(() => EXIT.ok), problem, fault]);
    if (code !== EXIT.ok) io.stderr.write(`dambord play: ${session.view().log.at(-1) ?? 'the board cannot play this game'}\n`);
    await server.close();
    await session.close();
    filer.close();
    // What is still to be said is dropped: the player has stopped the game.
    speech?.speaker.stop();
    await speech?.close();
    // A game where nothing happened on the board leaves no empty file for `--resume last` to pick.
    const kept = played.filter((j, i) => (i === 0 && resumed) || j.count > 0);
    for (const j of played) {
      if (kept.includes(j)) continue;
      rmSync(j.path, { force: true });
      rmSync(pdnOf(j), { force: true });
    }
    if (kept.length === 0) {
      io.stdout.write('dambord play: stopped before any move; no game kept\n');
      return code;
    }
    io.stdout.write(`dambord play: stopped; ${kept.length === 1 ? `the game is in ${pdnOf(kept[0])}` : `the games are in ${kept.map(pdnOf).join(', ')}`}\n`);
    return code;
  },
  };
}

/** A new game as the options ask for it: variant, FEN, policy and time control, or what is wrong with them. */
function newGame(o: { variant?: string; fen?: string; policy?: string; 'show-jumps'?: boolean; 'time-control'?: string }): { ok: true; game: { start: Position; policy: Policy; timeControl: TimedControl | null } } | { ok: false; error: string } {
  const chosen = variantOption(o.variant ?? 'international');
  if (!chosen.ok) return chosen;
  const v = chosen.variant;
  const fen = parseFen(v, o.fen ?? v.startFen);
  if (!fen.ok) return { ok: false, error: `the FEN "${o.fen}" cannot be set up: ${fen.error.reason} (character ${fen.error.offset + 1})` };
  const named = policyNamed(o.policy ?? 'tournament');
  const policy = named && withShowJumps(named, o['show-jumps'] === true);
  if (!policy) return { ok: false, error: `unknown policy "${o.policy}"; choose tournament, casual or blind` };
  let timeControl: TimedControl | null = null;
  if (o['time-control']) {
    const tc = parseTimeControl(o['time-control']);
    if (!tc.ok) return { ok: false, error: settingProblem('time-control', o['time-control'])! };
    const refused = controlRefused(tc.tc, v);
    if (refused) return { ok: false, error: refused };
    if (tc.tc.kind !== 'unknown' && tc.tc.kind !== 'untimed') timeControl = tc.tc;
  }
  return { ok: true, game: { start: fen.position, policy, timeControl } };
}

type Resumed = Reopened;

/** `--clock W,B`: White's and Black's time left in ms, or what is wrong with it. */
function parseClocks(text: string): { white: number; black: number } | string {
  const parts = text.split(',');
  const example = 'e.g. --clock 1:23:45,1:10:00 (White\'s time left, then Black\'s; H:MM:SS or seconds)';
  if (parts.length !== 2) return `--clock takes two times, White's and Black's, separated by a comma, not "${text}": ${example}`;
  const [white, black] = parts.map(parseClockTime);
  for (const [i, ms] of [white, black].entries()) {
    if (ms === null) return `--clock: "${parts[i].trim()}" (${i === 0 ? 'White' : 'Black'}) is not a time on a clock: H:MM:SS with minutes and seconds below 60, or seconds, up to 99:59:59; ${example}`;
  }
  return { white: white!, black: black! };
}

