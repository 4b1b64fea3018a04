/**
 * dambord's rules core: variants as data, positions, legal moves, FEN, PDN and draws.
 * Pure TypeScript: nothing here touches Node, a clock or the console, and nothing throws on
 * bad input (parsers return results).
 */
export * from './variant.ts';
export * from './variants/index.ts';
export * from './geometry.ts';
export * from './squareSet.ts';
export * from './piece.ts';
export * from './move.ts';
export * from './position.ts';
export * from './notation.ts';
export * from './fen.ts';
export { perft, perftCounts, perftDivide, perftJoin, perftPlan } from './perft.ts';
export type { PerftPlan, PerftTask } from './perft.ts';
export { PerftWalker, sharedPerftTable } from './perftWalk.ts';
export type { PerftWalkerOptions, SharedPerftTable } from './perftWalk.ts';
export * from './moveText.ts';
export { moveNumber } from './moveCount.ts';
export * from './pdn/errors.ts';
export * from './pdn/syntax.ts';
export * from './pdn/game.ts';
export * from './pdn/fileVariant.ts';
export { ROSTER, UNKNOWN_DATE, rosterValue } from './pdn/roster.ts';
export { checkDate } from './pdn/date.ts';
export { writePdnGame } from './pdn/write.ts';
export { decodePdnBytes, decodeText } from './pdn/decode.ts';
export * from './game.ts';
export { generateRoutes, moveRules } from './movegen.ts';
export type { MoveRules } from './movegen.ts';
export { mulberry32 } from './prng.ts';
