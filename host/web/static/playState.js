// The play page's state, shared by its modules (hands.js, review.js, controls.js, boardView.js,
// panels.js, render.js): the view the server sent last and what the page itself holds (the
// board flipped, the position reviewed, the pieces in the hands), with the page's ways to speak
// and to send (connection.js). One object, made once by app.js.

/** @typedef {import('../../game/types.ts').PlayView} PlayView */
/** @typedef {import('../../game/types.ts').PlayCommand} PlayCommand */

/**
 * @typedef {object} PlayPage
 * @property {PlayView | null} view the last view the server sent; null before the first
 * @property {number} receivedAt when it came (performance.now(), ms): the running clock counts down from it
 * @property {boolean} flipped whether White is at the top
 * @property {number | null} review the ply the board shows while stepping through the moves (0: the start), or null: the live board
 * @property {{piece: string, from: string}[]} hand pieces the page's hands hold, most recent last: what each was and where it came from
 * @property {boolean} control whether this page may control the game; false until the server says so
 * @property {(text: string) => void} announce says a sentence when the screen reader is free (moves, news)
 * @property {(text: string) => void} announceNow says a sentence at once (irregularities, a flag fallen, the board lost)
 * @property {(command: PlayCommand) => Promise<boolean>} send sends a command after those before it; false when refused
 * @property {(question: {type: 'query', what: string, square?: string, count?: number}) => Promise<void>} ask asks a question, whose answer is announced
 */

/** Whether the board answers the hands now: a simulated board, a page that controls, the live position. @param {PlayPage} page */
export function handsOn(page) {
  return Boolean(page.control && page.view && page.view.simulated && page.review === null);
}
