import type { Position } from '../../rules/index.ts';
import type { BoardSize } from '../../hardware/board.ts';
import type { SimulatedDevice } from '../../hardware/sim/avrBoard.ts';
import { SimulatedBinding } from '../../hardware/sim/binding.ts';
import { SimulatedBoard } from '../../hardware/sim/board.ts';
import { SimulatedFirmataBoard } from '../../hardware/firmata/board.ts';

/** The squares (1-based numbers) that hold a piece on a board of piece codes. */
export function squaresHolding(board: Uint8Array): number[] {
  const out: number[] = [];
  board.forEach((p, i) => {
    if (p !== 0) out.push(i + 1);
  });
  return out;
}

/** The board a variant is played on: 10x10 (50 squares) or 8x8 (32). */
export function boardSizeOf(position: Position): BoardSize {
  return position.variant.geometry.size === 10 ? '10x10' : '8x8';
}

/** A simulated board plugged into a binding of its own. */
function plugged<B extends SimulatedDevice>(board: B, clock: 'realtime' | 'manual'): { board: B; binding: SimulatedBinding; path: string } {
  const binding = new SimulatedBinding({ clock });
  return { board, binding, path: binding.add(board) };
}

/**
 * A simulated board of the variant's size (the committed firmware in avr8js) with the pieces of
 * `board` on its switches, behind a serialport binding: `clock: 'realtime'` runs it on the wall
 * clock once its port is open (`dambord play`), `'manual'` only when told (tests, replays).
 */
export function simulatedBoardFor(position: Position, board: Uint8Array, clock: 'realtime' | 'manual'): { board: SimulatedBoard; binding: SimulatedBinding; path: string } {
  return plugged(new SimulatedBoard({ size: boardSizeOf(position), occupied: squaresHolding(board) }), clock);
}

/**
 * The same for the Firmata board: stock StandardFirmata on a simulated Mega 2560 with the pieces
 * of `board` on its reed switches (hardware/firmata/profile.json), behind the same binding.
 */
export function simulatedFirmataBoardFor(position: Position, board: Uint8Array, clock: 'realtime' | 'manual'): { board: SimulatedFirmataBoard; binding: SimulatedBinding; path: string } {
  return plugged(new SimulatedFirmataBoard({ size: boardSizeOf(position), occupied: squaresHolding(board) }), clock);
}
