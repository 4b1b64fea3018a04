import type { ResultScoring } from '../variant.ts';

/** FMJD's scoring: two points for a win, one for a draw (international and Brazilian draughts). */
export const twoPointScoring: ResultScoring = { whiteWins: '2-0', draw: '1-1', blackWins: '0-2' };

/** One point for a win, a half for a draw (the Czech, Russian and English rules). */
export const onePointScoring: ResultScoring = { whiteWins: '1-0', draw: '1/2-1/2', blackWins: '0-1' };
