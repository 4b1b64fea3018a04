import { rmSync } from 'node:fs';
import { checkDate, moveNumber, parseFen, variantList, writeFen } from '../../../rules/index.ts';
import type { Variant } from '../../../rules/index.ts';
import { digitise } from '../../game/referee/policy.ts';
import { boardName, boardHelp } from '../../boards/registry.ts';
import { recordedPdn, recordingSession, resumedRecording } from '../../play/recording.ts';
import { seatGame } from '../../play/table.ts';
import type { GameOutput } from '../../play/outputs/output.ts';
import { pdnFile, pdnOf } from '../../play/outputs/pdnFile.ts';
import { archiveFiler, sayFiled } from '../../play/outputs/archiveFile.ts';
import { startWebServer } from '../../web/server.ts';
import { configHelp, parseArgsWithConfig } from '../configFile.ts';
import { DIGITISE_OPTIONS } from '../commandOptions.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command } from '../command.ts';
import { gameTags } from '../gameTags.ts';
import { readGuideSheet } from '../guideOption.ts';
import type { GuideSheet } from '../guideOption.ts';
import { movesAndPlies } from '../pdnLabels.ts';
import { portOption, variantOption, wholeNumberOption, why } from '../input.ts';
import { boardSeat } from '../openBoard.ts';
import { journalToResume, resumeFrom } from '../resumeJournal.ts';
import { Asker, Lines, resultOf, resumedHeader } from '../sheetInput.ts';
import { forTerminal } from '../terminalText.ts';
import type { Players, SheetHeader } from '../sheetInput.ts';
import { langFrom, langHelp } from '../langOption.ts';

const usage = `Usage: dambord digitise [--variant V] [--fen FEN | --guide SHEET [--game N]] [--firmata] [--port P | --find] [--config FILE]
                        [--event NAME] [--site S] [--date YYYY.MM.DD] [--round R] [--white NAME] [--black NAME]
                        [--no-ask] [--games DIR] [--archive DIR] [--http-port N] [--host H] [--lang LANG]
       dambord digitise --resume FILE|last [--guide SHEET [--game N]] [--firmata] [--port P | --find]
                        [--games DIR] [--archive DIR] [--http-port N] [--host H]

Records paper scoresheets on the board: the secretary plays each game through from its sheet and
the board recognises the moves as in play, with no clock and no touch rules (pieces may be
lifted, looked at and put back, captured pieces taken off in any order: nothing is said of it).
A move taken back, its pieces put back on the board, or with Take back (the page, the board's
Correct button, or "back" on the terminal; again for one move more, the LEDs guiding the pieces
back), is off the record at once; an illegal move is not taken, the LEDs show how to put it
right. The header is asked once a sitting (event, site, date, round), the players and the result
for each sheet; each game is written to --games as a journal and a PDN with the full tags, and
filed into the club's archive once its result is given. After
a result, "next" starts the next sheet with the same event, site, date and round; "quit" (or
Ctrl-C, or the end of the input) ends the sitting. Answers come from standard input, a line
each; Enter keeps the value in brackets. The page at http://127.0.0.1:PORT shows the game and,
on the simulator, is the hands.

With --guide the sheet is read from a file (PDN, or the moves as typed) and guides the game: the
LEDs show each move in turn (from and to blink slowly, the pieces it takes fast), and the page
and the terminal say it ("ply 17: 32-28"). Where the sheet cannot be played ("ply 17: the sheet
has 23-28, which cannot be played; most likely 32-28 (23 for 32, digits swapped), ..."), the LEDs
show the likeliest moves and the secretary plays the move that was made. The PDN is the game
as played, each repair a comment on its move; the sheet's tags are the header's defaults.

Options:
  --variant V        ${variantList(' (default)')}
  --fen FEN          the games start from this position (the LEDs show how to set it up)
  --guide SHEET      one sheet, read from the file SHEET, guides the game (see above); the game
                     starts from its start position, in its variant unless --variant says
  --game N           the sheet is game N of the file (default 1)
  --resume FILE      go on with the sheet of a journal after a crash or a power cut (FILE, or
                     "last": the newest journal in --games that holds a game); its header and
                     players are the journal's, and the board is checked against it. With
                     --guide, the same sheet guides it again from where the game is.
${boardHelp(21)}
  --event NAME       the Event tag, the default of the question
  --site S           the Site tag, e.g. "Amsterdam NED"
  --date D           the Date tag as PDN writes it, YYYY.MM.DD, ? where the sheet does not say
                     (1975.??.??); a day of the calendar, year 0001 on; default today
  --round R          the Round tag
  --white, --black   the players of the first sheet
  --no-ask           ask nothing: the header and players from the options, the result from the
                     page ({"type":"result","result":"2-0"} to /api/command) or the board's end
  --games DIR        where the journal and the PDN of each game go (default ./games)
  --archive DIR      the club's archive (default ./archive): each sheet is filed into it once
                     its result is given (dambord archive list shows it)
  --http-port N      the page's port (default 8080; 0 for any free port)
  --host H           the page's interface (default 127.0.0.1; see dambord play)
${langHelp("en; a resumed sheet keeps its journal's")}
${configHelp(21)}

Examples:
  dambord digitise
  dambord digitise --port /dev/ttyUSB0 --event "NK 2026" --site "Wijk aan Zee NED" --date 2026.04.11 --round 1
  printf 'NK\\n\\n2026.04.11\\n1\\nAnna\\nBert\\n' | dambord digitise --http-port 0
  dambord digitise --guide "nk ronde 01.pdn" --game 3
  dambord digitise --resume last --guide "nk ronde 01.pdn" --game 3
`;

/** What the secretary said last, and the sitting's own events, in the order they came. */
type Said = { kind: 'line'; text: string | null } | { kind: 'result' } | { kind: 'next'; players: Partial<Players> } | { kind: 'end'; code: number };

/** `dambord digitise`: paper scoresheets recorded on the board, one after another. */
export const digitiseCommand: Command = {
  name: 'digitise',
  summary: 'Record paper scoresheets on the board: the games played through, a PDN each',
  usage,
  async run(argv, io) {
    const args = parseArgsWithConfig('digitise', argv, DIGITISE_OPTIONS);
    if (!args.ok) return usageError(io, 'digitise', args.error);
    const o = args.options;
    if (args.positionals.length > 0) return usageError(io, 'digitise', `unexpected argument "${args.positionals[0]}"`);
    const lang = langFrom(o);
    if (!lang.ok) return usageError(io, 'digitise', lang.error);
    const chosen = variantOption(o.variant ?? 'international');
    if (!chosen.ok) return usageError(io, 'digitise', chosen.error);
    const n = wholeNumberOption('game', o.game, 1, 1_000_000);
    if (!n.ok) return usageError(io, 'digitise', n.error);
    if (o.guide === undefined && o.game !== undefined) return usageError(io, 'digitise', '--game N chooses the game of the --guide sheet');
    if (o.guide !== undefined && o.fen !== undefined) return usageError(io, 'digitise', '--fen and --guide: the game starts from the sheet\'s start position (its FEN tag)');
    if (o.resume !== undefined) {
      const given = (['variant', 'fen', 'event', 'site', 'date', 'round', 'white', 'black'] as const).filter((k) => o[k] !== undefined);
      if (given.length > 0) return usageError(io, 'digitise', `--resume goes on with the journal's game, its header and players: --${given[0]} cannot be given with it`);
    }
    const dir = o.games ?? 'games';
    const resumed = o.resume === undefined ? null : resumeFrom('digitise', journalToResume(o.resume, dir), io, {});
    if (typeof resumed === 'number') return resumed;
    const config = resumed?.game.state.config;
    /** Closes the journal resumed (and so lets go of its lock) and gives `code`. */
    const refuse = (code: number): number => {
      resumed?.journal.close();
      return code;
    };
    if (resumed && config?.policy.name !== digitise.name) {
      io.stderr.write(`dambord digitise: ${resumed.path} is a game played under the ${config?.policy.name} policy, not a sheet recorded: go on with it with dambord play --resume ${resumed.path}\n`);
      return refuse(EXIT.usage);
    }
    const sheet = o.guide === undefined ? null : await readGuideSheet(o.guide, n.value ?? 1, config?.start.variant ?? (o.variant !== undefined ? chosen.variant : null), io);
    if (typeof sheet === 'number') return refuse(sheet);
    const v: Variant = config?.start.variant ?? sheet?.variant ?? chosen.variant;
    const fen = parseFen(v, o.fen ?? v.startFen);
    if (!fen.ok) return usageError(io, 'digitise', `the FEN "${o.fen}" cannot be set up: ${fen.error.reason} (character ${fen.error.offset + 1})`);
    const start = config?.start ?? sheet?.start ?? fen.position;
    if (sheet && writeFen(sheet.start) !== writeFen(start)) {
      io.stderr.write(`dambord digitise: ${sheet.name} starts from ${writeFen(sheet.start)}, the journal's game from ${writeFen(start)}: not the sheet of this game\n`);
      return refuse(EXIT.usage);
    }
    if (o.date !== undefined) {
      const d = checkDate(o.date);
      if (!d.ok) return usageError(io, 'digitise', d.error);
    }
    const port = portOption('http-port', o['http-port'], 8080);
    if (!port.ok) return refuse(usageError(io, 'digitise', port.error));

    // The header, asked once for the sitting; the first sheet's players.
    const lines = o['no-ask'] ? null : new Lines(io.stdin);
    const asker = new Asker(lines, io.stdout);
    const today = gameTags({}, new Date()).find((t) => t.name === 'Date')!.value;
    // A guiding sheet's tags are the defaults where the options say nothing.
    if (sheet) io.stdout.write(`dambord digitise: ${sheet.name} guides the game, ${sheetLength(sheet)} as written (${v.name})\n`);
    const told = sheet?.header ?? {};
    const header: SheetHeader = config ? resumedHeader(config.tags) : await asker.header({ event: o.event ?? told.event, site: o.site ?? told.site, date: o.date ?? told.date ?? today, round: o.round ?? told.round });
    let players = config ? config.players : await asker.players({ white: o.white ?? sheet?.players.white, black: o.black ?? sheet?.players.black });

    const board = await boardSeat('digitise', o, io);
    if (typeof board === 'number') {
      lines?.close();
      return refuse(board);
    }
    /** The result the scoresheet gives the game now at the board; null until given. */
    let given: string | null = null;
    // Each sheet is filed into the club's archive once its result is given.
    const archive = o.archive ?? 'archive';
    const say = (line: string) => io.stdout.write(`dambord digitise: ${line}\n`);
    const filer = archiveFiler(archive, { inProgress: false, log: say, filed: sayFiled(archive, say) });
    const pdn = pdnFile({
      text: (_view, table) => recordedPdn(table.state(), given),
      failed: (path, e) => io.stderr.write(`dambord digitise: cannot write ${path}: ${why(e)}; the journal keeps the game, it is written again at the next change\n`),
      written: (path, text) => filer.offer(path, text),
    });
    /** The board's game ended by the rules (no piece or no move left, a draw by FMJD 6): said once a sheet. */
    let toldEnd = false;
    /** What the guiding sheet asked for, last said on the terminal. */
    let asked = '';
    const terminal: GameOutput = {
      view(view) {
        if (view.guide && view.guide.message !== asked && !view.result) {
          asked = view.guide.message;
          io.stdout.write(`\ndambord digitise: ${asked}\n`);
        }
        if (!view.result || given !== null || toldEnd) return;
        toldEnd = true;
        io.stdout.write(`\ndambord digitise: the game is over on the board, ${view.result.result} (${view.result.reason}); Enter takes it, or give the scoresheet's result: `);
      },
    };
    const seated = await seatGame({
      board, start, startFen: sheet ? writeFen(start) : (o.fen ?? v.startFen), policy: digitise, players, lang: lang.lang,
      tags: (now) => [...gameTags(header, now), ...(sheet?.tags ?? [])],
      journals: { dir }, guide: sheet?.guide ?? null, command: 'digitise',
      resumed: resumed ? { journal: resumed.journal, game: resumedRecording(resumed, sheet?.guide ?? null) } : null,
      outputs: [pdn, terminal],
    });
    if (!seated.ok) {
      lines?.close();
      io.stderr.write(`dambord digitise: ${seated.error}\n`);
      return EXIT.io;
    }
    const { session, played: sheets } = seated.table;
    const opened = seated.table.boards[0];

    // The sitting's events: the secretary's lines, the page's result and next sheet, the end.
    const inbox: Said[] = [];
    let wake: (() => void) | null = null;
    const post = (said: Said) => {
      inbox.push(said);
      wake?.();
      wake = null;
    };
    const take = async (): Promise<Said> => {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return inbox.shift()!;
    };
    let reading = lines !== null;
    /** A line is being waited for (one at a time). */
    let waiting = false;
    const readLine = () => {
      if (!reading || !lines || waiting) return;
      waiting = true;
      void lines.next().then((text) => {
        waiting = false;
        if (text === null) reading = false;
        post({ kind: 'line', text });
      });
    };

    const giveResult = async (text: string): Promise<{ ok: true } | { ok: false; error: string }> => {
      if (given !== null) return { ok: false, error: `the result of this sheet is given (${given}): "next" starts the next sheet` };
      const r = resultOf(text, v);
      if (!r.ok) return r;
      const state = session.state();
      if (!state.referee) return { ok: false, error: 'the board does not show the start position yet: set it up and play the game through first' };
      if (state.result && state.result.result !== r.result) io.stdout.write(`dambord digitise: the board's game ended ${state.result.result} (${state.result.reason}); the scoresheet's ${r.result} is written\n`);
      if (!state.result) {
        toldEnd = true; // the result now given is no news to the secretary
        const ended = await session.command(r.ends);
        if (!ended.ok) return ended;
      }
      given = r.result;
      const file = pdn.write();
      io.stdout.write(forTerminal(`dambord digitise: ${players.white} - ${players.black} ${given}${file ? `, saved in ${file}` : ''}`) + '\n');
      post({ kind: 'result' });
      return { ok: true };
    };
    const nextSheet = async (who: Players): Promise<{ ok: true } | { ok: false; error: string }> => {
      if (given === null) return { ok: false, error: 'give this sheet\'s result first (e.g. "2-0")' };
      if (sheet) return { ok: false, error: `${sheet.name} was the sheet of this sitting: "quit", then dambord digitise --guide with the next sheet` };
      const r = await session.command({ type: 'new-game', white: who.white, black: who.black });
      if (!r.ok) return r;
      players = who;
      given = null;
      toldEnd = false;
      io.stdout.write(`dambord digitise: next sheet, ${forTerminal(who.white)} - ${forTerminal(who.black)}: set up the start position (the LEDs show where)\n`);
      return { ok: true };
    };

    let server;
    try {
      server = await startWebServer(recordingSession(session, {
        result: giveResult,
        next: async (who) => {
          const r = await nextSheet({ white: who.white ?? '?', black: who.black ?? '?' });
          if (r.ok) post({ kind: 'next', players: who });
          return r;
        },
      }), { port: port.port, host: o.host ?? '127.0.0.1', lang: resumed?.game.state.config.lang ?? lang.lang, archive });
    } catch (e) {
      await session.close();
      lines?.close();
      io.stderr.write(`dambord digitise: cannot serve the page on port ${port.port}: ${why(e)}; choose another with --http-port\n`);
      return EXIT.io;
    }
    io.stdout.write(`dambord digitise: ${v.name} on ${boardName(opened.kind, opened)}; the game is at ${server.url}\n`);
    if (server.tokenRequired) io.stdout.write(`dambord digitise: the page is on the network; only this address gives control: ${server.controlUrls.join(' or ')}\n`);
    const onSignal = () => post({ kind: 'end', code: EXIT.ok });
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    void session.done.then(() => post({ kind: 'end', code: EXIT.ok }));
    void session.fault.then((message) => {
      io.stderr.write(`dambord digitise: ${message}\n`);
      post({ kind: 'end', code: EXIT.io });
    });

    const ask = (question: string) => {
      if (reading) io.stdout.write(question);
      readLine();
    };
    /** The result the secretary's Enter gives: the board's when its game is over, else the guiding sheet's. */
    const enterResult = (): string | null => session.state().result?.result ?? sheet?.result ?? null;
    const resultQuestion = `Result when the game is over (2-0, 0-2, 1-1)${sheet?.result ? ` [${sheet.result}]` : ''}, or "back" to take back the last move: `;
    const afterResult = sheet ? 'Type "quit" to end the sitting: ' : 'Type "next" for the next sheet (the same event, site, date and round), or "quit": ';
    ask(resultQuestion);
    let code: number = EXIT.ok;
    for (let over = false; !over; ) {
      const said = await take();
      if (said.kind === 'end') {
        code = said.code;
        break;
      }
      if (said.kind === 'result') {
        ask(afterResult);
        continue;
      }
      if (said.kind === 'next') {
        ask(resultQuestion);
        continue;
      }
      const text = said.text?.trim() ?? null;
      if (text === null) continue; // the input ended: the page and the board go on until Ctrl-C
      if (given !== null) {
        if (text === 'quit') over = true;
        else if (text === 'next') {
          const r = sheet ? await nextSheet(players) : await nextSheet(await asker.players({}));
          if (!r.ok) io.stdout.write(`dambord digitise: ${forTerminal(r.error)}\n`);
          ask(r.ok ? resultQuestion : afterResult);
        } else ask(afterResult);
        continue;
      }
      if (text === 'back') {
        const r = await session.command({ type: 'takeback' });
        if (!r.ok) io.stdout.write(`dambord digitise: ${forTerminal(r.error)}\n`);
      } else if (text !== '' || enterResult() !== null) {
        const r = await giveResult(text === '' ? (enterResult() ?? '') : text);
        if (!r.ok) io.stdout.write(`dambord digitise: ${forTerminal(r.error)}\n`);
        if (r.ok) continue;
      }
      ask('Result (2-0, 0-2, 1-1), or "back": ');
    }
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    lines?.close();
    await server.close();
    await session.close();
    filer.close();
    // A sheet where nothing happened on the board leaves no empty file.
    const kept = sheets.filter((j) => j.count > 0);
    for (const j of sheets) if (j.count === 0) rmSync(j.path, { force: true });
    io.stdout.write(kept.length === 0 ? 'dambord digitise: stopped before any move; no game kept\n' : `dambord digitise: stopped; ${kept.map(pdnOf).join(', ')}\n`);
    return code;
  },
};

/**
 * A sheet's length as people count it, `20 moves (40 plies)`: a move is the first player's and
 * the second's under one number; a sheet that starts with the second player (`1... 19-23`) has
 * that ply alone as its first move.
 */
function sheetLength(sheet: GuideSheet): string {
  const plies = sheet.guide.written.length;
  return movesAndPlies(moveNumber(plies, sheet.start.turn !== sheet.variant.firstToMove), plies);
}
