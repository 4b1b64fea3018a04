// Moves as draughts players count them: a move is one ply of each player under one move number
// (`32. 45-40 14-19`), so a game of 63 plies is at move 32. A game set up with the second player
// to move begins with that player's ply alone as move 1 (`1... 19-23`, as PDN numbers it): one
// ply by the second player, then a full move, is move 2.

/**
 * The move number of ply `ply` (1 for the first ply of the game or of the position set up),
 * which is also how many moves `ply` plies make: 0 for none. `secondFirst`: the position was set
 * up with the variant's second player to move (`Variant.firstToMove` is not to move).
 *
 * @example moveNumber(117, false) // 59: `59 moves (117 plies)`
 * @example moveNumber(2, true) // 2: `1... 19-23 2. 32-28`
 */
export function moveNumber(ply: number, secondFirst: boolean): number {
  return ply < 1 ? 0 : Math.floor((ply + (secondFirst ? 1 : 0) + 1) / 2);
}
