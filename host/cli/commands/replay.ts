import { writeFileSync } from 'node:fs';
import { parseFen, variantList } from '../../../rules/index.ts';
import { outputJson, outputText, pendingJson, pendingText } from '../../game/referee/json.ts';
import { policies, policyNamed, withShowJumps } from '../../game/referee/policy.ts';
import { replayEvents } from '../../game/replay.ts';
import type { GameConfig } from '../../game/game.ts';
import { gamePdn } from '../../game/view.ts';
import type { RefereeEvent } from '../../game/referee/types.ts';
import { eventsOf, parseActionScript } from '../../script/actions.ts';
import { configHelp, parseArgsWithConfig } from '../configFile.ts';
import { REPLAY_OPTIONS } from '../commandOptions.ts';
import { SPEECH_HELP, openAsked, speechFrom } from '../speechOptions.ts';
import { langFrom, langHelp } from '../langOption.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command } from '../command.ts';
import { readText, variantOption, why } from '../input.ts';
import { Progress } from '../progress.ts';

const usage = `Usage: dambord replay --variant V [--fen FEN] [--policy P] [--show-jumps] [--through sim|firmata] [--json] [--pdn FILE] [--lang LANG] [--config FILE]
                      [--speak LANG [--transcript FILE] [--wav DIR] [--rate WPM] [--queries]] SCRIPT

Runs an action script (what hands do to a board) through the referee and prints what it
recognises: moves, irregularities with their article, corrections and the result. SCRIPT is a
file, or - for standard input. One action per line, squares in the variant's notation:

  lift 32        a piece leaves square 32
  place 28       a piece arrives on square 28
  press clock    a button: clock, jadoube, accept, correct
  wait 1500      1500 ms pass with nothing happening
  resign white   a player resigns; "draw" records a draw by agreement

Consecutive actions are 200 ms apart unless a wait says otherwise; # starts a comment. Nothing is
decided on time: a piece may stay in the hand for minutes. A move is over when the board shows it
and it cannot go on, or when play goes on: the clock, or the opponent's next move. At the end of
the script a king's move that could have slid further counts as made (so does an English capture
whose men are still to be taken off, law 11), and what is left unjudged
(an irregularity not decided, a last move the clock would flag) is printed as pending, with who
decides and the position if it stands.

Options:
  --variant V   ${variantList(' (default)')}
  --fen FEN     the position on the board at the start (default: the start position)
  --policy P    tournament (default), casual (touch-move and removal order only noted) or
                blind (pieces lifted and put back were felt, not touched)
  --show-jumps  the opponent has asked for multiple captures to be shown jump by jump (FMJD
                4.9, Czech 4.9): a capture made in one sweep is flagged jumps-not-shown
  --through sim play the script on the simulated board instead: the real firmware in avr8js
                reads the switches, and the host reads it through the serial link; idle time
                is skipped (60 ms after each action and 400 ms of a wait are simulated), its
                time kept
  --through firmata
                play it on the simulated Firmata board: stock StandardFirmata on an Arduino
                Mega in avr8js, read by johnny-five (the firmware is fetched from the npm
                registry the first time)
                Through a simulated board, standard error shows the plies played so far: a
                line redrawn on a terminal, a line at each tenth (2 s apart) in a pipe
  --json        one JSON object per line: {"type":"move","ply":1,"move":"32-28","fen":"..."},
                {"type":"irregularity","code":"touch-move","article":"5.4.3","squares":[..]}, ...
                and at the end {"type":"pending","code":..,"article":..,"decides":"black","fen":..}
  --pdn FILE    also write the game as a PDN scoresheet to FILE
${langHelp('en; with --json only the irregularities\' "message" is in it')}
${configHelp(16)}

Speech (what a blind player hears; no sound device: the transcript, and WAV files with --wav):
${SPEECH_HELP}

Examples:
  dambord replay --variant czech --pdn game.pdn game.script
  printf 'lift 32\\nplace 28\\n' | dambord replay --variant international --json -
  dambord replay --speak hr --transcript game.jsonl game.script
`;

/** `dambord replay`: an action script through the referee (the brief's replay contract). */
export const replayCommand: Command = {
  name: 'replay',
  summary: 'Run an action script through the referee and print moves and irregularities',
  usage,
  async run(argv, io) {
    const args = parseArgsWithConfig('replay', argv, REPLAY_OPTIONS);
    if (!args.ok) return usageError(io, 'replay', args.error);
    const { options, positionals } = args;
    const chosen = variantOption(options.variant ?? 'international');
    if (!chosen.ok) return usageError(io, 'replay', chosen.error);
    const variant = chosen.variant;
    const named = policyNamed(options.policy ?? 'tournament');
    const policy = named && withShowJumps(named, options['show-jumps'] === true);
    if (!policy) return usageError(io, 'replay', `unknown policy "${options.policy}"; choose one of ${Object.keys(policies).join(', ')}`);
    const lang = langFrom(options);
    if (!lang.ok) return usageError(io, 'replay', lang.error);
    const speechAsked = speechFrom(options, 'none', { queries: policy.name === 'blind' });
    if (!speechAsked.ok) return usageError(io, 'replay', speechAsked.error);
    if (positionals.length !== 1) return usageError(io, 'replay', positionals.length === 0 ? 'SCRIPT is missing (a file, or - for standard input)' : 'one SCRIPT expected');
    const fen = parseFen(variant, options.fen ?? variant.startFen);
    if (!fen.ok) return usageError(io, 'replay', `bad FEN "${options.fen}" at character ${fen.error.offset + 1}: ${fen.error.reason}`);
    const input = await readText(positionals[0], io);
    if (!input.ok) {
      io.stderr.write(`dambord replay: ${input.error}\n`);
      return EXIT.io;
    }
    const script = parseActionScript(input.text, variant);
    if (!script.ok) {
      io.stderr.write(`dambord replay: ${positionals[0] === '-' ? 'standard input' : positionals[0]}, ${script.reason}\n`);
      return EXIT.usage;
    }
    const config: GameConfig = { start: fen.position, policy, players: { white: '?', black: '?' }, tags: [], timeControl: null, hints: false, lang: lang.lang };
    let events: RefereeEvent[];
    if (options.through === 'sim' || options.through === 'firmata') {
      // The moves the referee reads in the script (at once, without a board) give the progress: plies played of all.
      const moveTimes = replayEvents(config, eventsOf(script.actions).map((e) => e.event)).said.flatMap((o) => (o.type === 'move' ? [o.t] : []));
      const progress = new Progress(io.stderr, `dambord replay: through the simulated ${options.through === 'firmata' ? 'Firmata board' : 'board'}`, moveTimes.length, 'plies', {
        tty: (io.stderr as NodeJS.WriteStream).isTTY === true,
      });
      let plies = 0;
      const onProgress = (scriptMs: number) => {
        while (plies < moveTimes.length && moveTimes[plies] <= scriptMs) plies++;
        progress.update(plies);
      };
      let played;
      try {
        // Loaded when needed: the simulators (avr8js, johnny-five) take a tenth of a second to load, which every other command would pay.
        const { FAST_IDLE, playOnSimulatedBoard } = await import('../../sim/throughSim.ts');
        played = await playOnSimulatedBoard(fen.position, script.actions, { board: options.through === 'firmata' ? 'firmata' : 'dambord', onProgress, idle: FAST_IDLE });
      } catch (e) {
        io.stderr.write(`dambord replay: ${why(e)}\n`);
        return EXIT.io;
      } finally {
        progress.update(moveTimes.length);
        progress.end();
      }
      events = played.events;
      const h = played.health;
      if ((h.crcErrors ?? 0) + (h.gaps ?? 0) + h.reboots + h.heartbeatLosses > 0) io.stderr.write(`dambord replay: link health: ${JSON.stringify(h)}\n`);
    } else if (options.through === undefined || options.through === 'referee') {
      events = eventsOf(script.actions).map((e) => e.event);
    } else return usageError(io, 'replay', `--through must be sim (the simulated board running the dambord firmware) or firmata (StandardFirmata on a simulated Mega), not "${options.through}"`);
    const speech = openAsked(speechAsked.speech, io, 'replay');
    if (typeof speech === 'number') return speech;
    const { state, said, pending } = replayEvents(config, events, speech ? (seen) => speech.observe(seen) : undefined);
    // What is still pending is said last, in the speech's language, as it is printed: nothing goes unsaid.
    const end = { t: events[events.length - 1]?.t ?? 0, ply: state.referee?.ply ?? 0 };
    if (speech) for (const p of pending) speech.tell('irregularity', pendingText(p, speech.announcer().lang), end);
    await speech?.close();
    for (const output of said) io.stdout.write(`${options.json ? JSON.stringify(outputJson(variant, output)) : outputText(variant, output, lang.lang)}\n`);
    for (const p of pending) io.stdout.write(`${options.json ? JSON.stringify(pendingJson(variant, p)) : pendingText(p, lang.lang)}\n`);
    if (options.pdn) {
      try {
        writeFileSync(options.pdn, gamePdn(state));
      } catch (e) {
        io.stderr.write(`dambord replay: cannot write ${options.pdn}: ${why(e)}\n`);
        return EXIT.io;
      }
    }
    return EXIT.ok;
  },
};
