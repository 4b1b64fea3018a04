// When the computer at the board gives up the game or agrees to a draw, judged from its engine's
// scores of its last answers (host/game/computer.ts keeps them; a score is for the computer, in
// men ahead, or a win or loss found in so many plies). Pure; the rules it follows, conservative
// so that it never gives up or agrees a game still open:
//
// - It resigns (FMJD 7.2.1, Croatian, seed 000: "protivnik preda partiju s razlogom ili bez
//   razloga") when its last TWO answers in a row judged the game lost beyond doubt: a forced loss
//   found, or at least {@link RESIGN_MEN} men down. One such answer is not enough (a search can
//   see a loss that its next, deeper one refutes); a near-equal score never is.
// - It accepts a draw offered (FMJD 7.3.1: "oba igrača prihvate remis uzajamnim dogovorom") when
//   its last score is not better for it than {@link DRAW_MARGIN} men (or a loss), and declines
//   otherwise, and when it has no score yet.
// - It offers a draw itself once its last {@link OFFER_SCORES} answers all stayed within
//   {@link OFFER_MARGIN} men of equality, from move {@link OFFER_FROM_MOVE} on (the Latvian rules,
//   seed 002, 6.1: a draw agreed "ja ... katrs ir izdarījis vismaz 40 gājienus" in a game written
//   down; the FMJD rules name no earlier moment, so one rule serves every variant), at most once
//   every {@link OFFER_EVERY} of its moves; the offer is made as its move is made on the board
//   (after its move, as a player offers one) and stands until the player moves (FMJD 7.3.1's
//   agreement, host/game/drawOffers.ts).
//
// The draws of the rules (FMJD 6.1 to 6.4: the third repetition, 25 king moves, the 16- and
// 5-move endgames) end the game by themselves (rules/game.ts `outcome`, the referee's result):
// nothing is left for the computer to claim.

import type { Score } from './computer.ts';

/** Men down, in two answers in a row, from which the computer resigns. */
export const RESIGN_MEN = 3;
/** The most its score may favour it, in men, for the computer to accept a draw offered. */
export const DRAW_MARGIN = 0.3;
/** How close to equality, in men, its scores stay for the computer to offer a draw. */
export const OFFER_MARGIN = 0.15;
/** How many of its answers in a row must stay near equality before it offers a draw. */
export const OFFER_SCORES = 4;
/** The move number (each side's) from which the computer offers a draw. */
export const OFFER_FROM_MOVE = 40;
/** How many of its own moves it lets pass after an offer before offering again. */
export const OFFER_EVERY = 10;

/** Whether `score` judges the game lost beyond doubt for the computer. */
const lost = (score: Score | null): boolean => score !== null && (score.kind === 'loss' || (score.kind === 'men' && score.value <= -RESIGN_MEN));

/** Whether the computer resigns, by its `scores` (newest last): the last two both lost beyond doubt. */
export function resigns(scores: readonly (Score | null)[]): boolean {
  return scores.length >= 2 && scores.slice(-2).every(lost);
}

/** Whether the computer accepts a draw offered, by its `scores` (newest last): its last score not better than {@link DRAW_MARGIN} men for it. */
export function acceptsDraw(scores: readonly (Score | null)[]): boolean {
  const last = scores.at(-1) ?? null;
  return last !== null && (last.kind === 'loss' || (last.kind === 'men' && last.value <= DRAW_MARGIN));
}

/**
 * Whether the computer offers a draw having just made its move: `plies` the game's moves so far
 * (both sides'), `offeredAt` the plies when it last offered (-1: never).
 */
export function offersDraw(scores: readonly (Score | null)[], plies: number, offeredAt: number): boolean {
  if (plies < 2 * OFFER_FROM_MOVE || (offeredAt >= 0 && plies - offeredAt < 2 * OFFER_EVERY)) return false;
  const last = scores.slice(-OFFER_SCORES);
  return last.length === OFFER_SCORES && last.every((s) => s?.kind === 'men' && Math.abs(s.value) <= OFFER_MARGIN);
}
