// `dambord play --second-board sim|PORT`: Black's own board beside White's, as blind players play
// (each copies the opponent's move onto their own board): the option. The table seats the game
// at both (host/play/table.ts); speech says the copy steps (host/play/outputs/speech.ts).

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
