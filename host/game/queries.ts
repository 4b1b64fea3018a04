// The questions a player may ask without touching the game (the board as keyboard, the page's
// buttons): their names, declared once for the page server (host/web/command.ts) and for speech,
// which answers them (host/speech/queries.ts).

/**
 * The names of the questions, as the page asks them: whose turn and the clocks, the last moves,
 * the position row by row, the pieces by kind, a square and where its piece may go, the two
 * diagonals through a square, the computer's level and colour.
 *
 * @example QUERIES.includes('turn') // true
 */
export const QUERIES = ['turn', 'last', 'clocks', 'rows', 'diagonals', 'kinds', 'square', 'computer'] as const;

/** One question's name: `'turn'`. */
export type QueryName = (typeof QUERIES)[number];
