// Views of a game for the page's tests (host/web/server.test.ts, test/pageWords.test.ts): an
// English game on a simulated 8x8 board at its start, and a move of its list.

import type { MoveView, PlayView, SquareView } from '../../game/types.ts';

/** An 8x8 board's dark squares as the page draws them: 1-4 on the top row, White at the bottom. */
export function squares8(): SquareView[] {
  const out: SquareView[] = [];
  for (let i = 0; i < 32; i++) {
    const row = Math.floor(i / 4);
    const col = (i % 4) * 2 + (row % 2 === 0 ? 1 : 0);
    const n = i + 1;
    const piece = n <= 12 ? 'bm' : n >= 21 ? 'wm' : null;
    out.push({ name: String(n), row, col, piece, sensed: piece !== null, led: 'off', mark: null });
  }
  return out;
}

/** A move of the list: Black's 11-15 from the start, as the view gives it. */
export function moveView(ply: number, text: string): MoveView {
  return { ply, side: ply % 2 === 1 ? 'black' : 'white', text, board: 'bbbbbbbbbb.b..b.....wwwwwwwwwwww', squares: ['11', '15'], captured: [], irregular: null, notes: [], after: [] };
}

/** A simulated English game at its start, Black to move (Wit against Zwart). */
export function startView(): PlayView {
  return {
    variant: 'english',
    size: 8,
    squares: squares8(),
    header: { event: '', site: '', date: '2026.11.24', round: '' },
    startBoard: 'bbbbbbbbbbbb........wwwwwwwwwwww',
    moves: [],
    turn: 'black',
    players: { white: 'Wit', black: 'Zwart' },
    clock: { white: 300_000, black: 300_000, running: null, control: '300' },
    irregularity: null,
    foresight: [],
    obligation: null,
    compulsory: null,
    lastMove: null,
    guidance: null,
    result: null,
    drawOffer: null,
    pdn: '[Event "?"]\n[GameType "21"]\n\n*\n',
    simulated: true,
    recording: false,
    guide: null,
    link: { state: 'connected', health: null, firmware: null },
    log: [],
    pdnName: '2026.11.24 Wit - Zwart.pdn',
  };
}
