// `dambord play --second-board sim|PORT`: Black's own board beside White's, as blind players play
// (each copies the opponent's move onto their own board). Opens the second board, and says each
// board's copy steps through the game's speech.

import { existsSync } from 'node:fs';
import type { Position } from '../../rules/index.ts';
import { openFirmataLink } from '../firmata/firmataLink.ts';
import { openSerialLink } from '../link/serialLink.ts';
import type { BoardLink } from '../link/types.ts';
import type { BoardHands, PairedLinks } from '../play/pairedLinks.ts';
import { copyWords } from '../play/pairWords.ts';
import { boardSizeOf, simulatedBoardFor, simulatedFirmataBoardFor } from '../sim/boards.ts';
import type { Speech } from '../speech/rig.ts';
import { why } from './input.ts';

/** What `--second-board` asks for (null: one board), or why it cannot be. */
export function secondBoardOption(o: { 'second-board'?: string; port?: string; find?: boolean }): { ok: true; second: string | null } | { ok: false; error: string } {
  const second = o['second-board'];
  if (second === undefined) return { ok: true, second: null };
  if (second === '') return { ok: false, error: '--second-board takes "sim" or the serial port of Black\'s board' };
  if (o.find) return { ok: false, error: '--second-board cannot be used with --find (it could find either board): name White\'s board with --port' };
  if (second === 'sim' && o.port) return { ok: false, error: '--second-board sim pairs two simulated boards: leave out --port, or give the port of Black\'s real board' };
  if (second !== 'sim' && !o.port) return { ok: false, error: `--second-board ${second} is Black's real board: name White's with --port (or use --second-board sim for two simulated boards)` };
  if (second !== 'sim' && second === o.port) return { ok: false, error: `--port and --second-board name the same port ${second}: each player has a board of their own` };
  return { ok: true, second };
}

/**
 * Black's board: a simulated one holding `pieces` (`sim`), or the real one on the port `second`,
 * of the kind the first is (the dambord firmware, or StandardFirmata with `firmata`).
 */
export async function openSecondBoard(second: string, o: { start: Position; pieces: Uint8Array; firmata: boolean }): Promise<{ ok: true; link: BoardLink; hands: BoardHands | null; name: string } | { ok: false; error: string }> {
  let path = second;
  let binding;
  let hands: BoardHands | null = null;
  if (second === 'sim') {
    try {
      ({ board: hands, binding, path } = o.firmata ? simulatedFirmataBoardFor(o.start, o.pieces, 'realtime') : simulatedBoardFor(o.start, o.pieces, 'realtime'));
    } catch (e) {
      return { ok: false, error: `the second simulated board cannot start: ${why(e)}` };
    }
  } else if (!existsSync(second)) {
    return { ok: false, error: `there is no serial port ${second} for Black's board; plug it in and check the port name (ls /dev/ttyUSB* /dev/ttyACM*)` };
  }
  const name = hands ? `a simulated ${o.firmata ? 'Firmata board' : 'board'}` : o.firmata ? `the Firmata board on ${path}` : path;
  if (!o.firmata) return { ok: true, link: openSerialLink({ path, binding }), hands, name };
  const firmata = openFirmataLink({ path, binding, size: boardSizeOf(o.start) });
  try {
    await firmata.ready();
  } catch (e) {
    await firmata.close();
    return { ok: false, error: `Black's board: ${why(e)}` };
  }
  return { ok: true, link: firmata, hands, name };
}

/**
 * Says each board's copy step through the game's speech as it changes: the first square where
 * the board differs from the game, and the board shown to show the game once copied. `at` gives
 * the board time and the plies played for the transcript.
 */
export function sayCopySteps(paired: PairedLinks, speech: Speech, at: () => { t: number; ply: number }): () => void {
  return paired.onCopy((board, step) => {
    const words = copyWords(speech.announcer().lang, board, step);
    speech.tell(words.kind, words.text, at(), 'copy');
  });
}
