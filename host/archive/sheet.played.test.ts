// Games played on the board (hands on squares, the players' commands, the clock) whose PDN, as
// `dambord play` and `dambord event` write it (gamePdn), prints a scoresheet with every box
// filled: the board number, the time control, each irregularity and correction at its move and
// how the game ended (FMJD 5.4.2 and 5.4.3 with 5.8; 7.2.1 resignation, 7.3.1 agreement,
// 7.1.2.5 a flag fallen, 6.1 repetition).

import { describe, expect, it } from 'vitest';
import { parseFen, readPdn, variants } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';
import { parseTimeControl } from '../game/clock/clock.ts';
import type { TimedControl } from '../game/clock/clock.ts';
import type { GameState, PlayerCommand } from '../game/game.ts';
import { JOURNAL_FORMAT } from '../game/journal/record.ts';
import type { JournalEntry } from '../game/journal/record.ts';
import { tournament } from '../game/referee/policy.ts';
import { replayEvents } from '../game/replay.ts';
import { resumeGame } from '../game/resume.ts';
import { step } from '../game/step.ts';
import { gamePdn } from '../game/view.ts';
import { eventsOf, parseActionScript } from '../script/actions.ts';
import { scoresheetHtml } from './sheet.ts';

const intl = variants.international;

/** The tags of the club evening's games. */
const TAGS = [{ name: 'Event', value: 'Clubavond' }, { name: 'Round', value: '3' }, { name: 'Board', value: '4' }];

/**
 * `script`'s hands (and `resign`, `wait`) on an international board from `fen`, at board 4 of a
 * club evening, on `tc`'s clock if any; the game resumed from what it journaled must write the
 * same PDN.
 */
function played(script: string, o: { fen?: string; tc?: string } = {}): GameState {
  const start = parseFen(intl, o.fen ?? intl.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const parsed = parseActionScript(script, intl);
  if (!parsed.ok) throw new Error(parsed.reason);
  const read = o.tc ? parseTimeControl(o.tc) : null;
  const tc = read?.ok && read.tc.kind === 'timed' ? (read.tc as TimedControl) : null;
  const config = { start: start.position, policy: tournament, players: { white: 'Anna', black: 'Bert' }, tags: TAGS, timeControl: tc, hints: false };
  const entries: JournalEntry[] = [];
  const events = eventsOf(parsed.actions).map((e) => e.event);
  const { state } = replayEvents(config, events, (seen) => seen.effects.forEach((e) => e.type === 'journal' && entries.push(...e.entries)));
  const header = { format: JOURNAL_FORMAT, variant: 'international' as const, start: o.fen ?? intl.startFen, policy: 'tournament' as const, tags: [...TAGS, ...(o.tc ? [{ name: 'TimeControl', value: o.tc }] : [])], timeControl: null, created: '2026-11-26T19:30:00.000Z', t0: events[0].t };
  const back = resumeGame({ header, entries, goodBytes: 0 });
  if (!back.ok) throw new Error(back.reason);
  if (state.result) expect(gamePdn(back.state)).toBe(gamePdn(state));
  return state;
}

const command = (s: GameState, c: PlayerCommand, t: number): GameState => step(s, { type: 'player', command: c }, t).state;

/** The sheet's box `label` holds `value` (the value as HTML writes it). */
const boxOf = (html: string, label: string): string | undefined => new RegExp(`<span class="label">${label}</span><span class="value">([^<]*)</span>`).exec(html)?.[1];

/** The game's PDN as written, read back as any reader would, and its sheet. */
function sheetOf(s: GameState): { game: PdnGame; html: string } {
  const game = readPdn(gamePdn(s)).games[0];
  expect(game.error).toBeNull();
  return { game, html: scoresheetHtml(game) };
}

// White slides the man on 32 two squares to 23 (5.4.2), Black has it corrected (5.8), White plays
// the touched man 32-28 (3.11); 1... 18-22; White touches 31 and plays 34-29 (5.4.3), Black
// accepts; 2... 13-18.
const IRREGULAR = 'lift 32\nplace 23\npress correct\nlift 23\nplace 32\nlift 32\nplace 28\nlift 18\nplace 22\nlift 31\nplace 31\nlift 34\nplace 29\npress accept\nlift 13\nplace 18\n';

describe('the sheet of a game played on the board', () => {
  it('FMJD 5.4.2, 5.8, 5.4.3, 7.2.1: board, irregularities at their moves, decisions, and the resignation', () => {
    const s = played(`${IRREGULAR}resign white\n`);
    const pdn = gamePdn(s);
    expect(pdn).toContain('[Board "4"]');
    expect(pdn).toContain('[Termination "normal"]');
    expect(pdn.replace(/\s+/g, ' ')).toContain('13-18 {The game is over, 0-2: resignation (article 7.2.1).} 0-2');
    const { html } = sheetOf(s);
    expect(boxOf(html, 'Board')).toBe('4');
    expect(boxOf(html, 'Result')).toBe('0-2: Black wins');
    expect(boxOf(html, 'How the game ended')).toBe('The game is over, 0-2: resignation (article 7.2.1).');
    const notes = [...html.matchAll(/<li><span class="at">([^<]*)<\/span> ([^<]*)<\/li>/g)].map((m) => [m[1], m[2]]);
    expect(notes).toHaveLength(3);
    expect(notes[0][0]).toBe('Before the first move');
    expect(notes[0][1]).toMatch(/^White moved the piece on 32 to 23, .*\(illegal-move, article 5\.4\.2\)\. Corrected at Black's request: the position before it was put back \(5\.8\)\.$/);
    expect(notes[1]).toEqual(['Before the first move', 'White must still play the piece on 32 (touched, 3.11).']);
    expect(notes[2][0]).toBe('2. 34-29');
    expect(notes[2][1]).toMatch(/\(touch-move, article 5\.4\.3\)\. Black accepted\.$/);
    expect(html).not.toContain('undefined');
  });

  it('FMJD 7.3.1: a draw offered and accepted', () => {
    let s = played('lift 32\nplace 28\nlift 18\nplace 22\n');
    s = command(s, { type: 'draw', color: 'white' }, 30_000);
    s = command(s, { type: 'draw', color: 'black' }, 31_000);
    const { html } = sheetOf(s);
    expect(boxOf(html, 'Result')).toBe('1-1: a draw');
    expect(boxOf(html, 'How the game ended')).toBe('The game is over, 1-1: draw agreed (article 7.3.1).');
    expect(html).toContain('<li><span class="at">1... 18-22</span> White offered a draw.</li><li><span class="at">1... 18-22</span> Black accepted the draw offered by White.</li></ol>');
  });

  it('FMJD 7.1.2.5 (Latvian text): a flag fallen on a 90 min + 30 s clock, the time control in words', () => {
    const s = played('lift 32\nplace 28\nlift 18\nplace 22\nwait 5500000\n', { tc: '5400+30' });
    // White to move, White's clock runs out.
    expect(s.result?.result).toBe('0-2');
    expect(gamePdn(s)).toContain('[Termination "time forfeit"]');
    const { html } = sheetOf(s);
    expect(boxOf(html, 'Time control')).toBe('90 min + 30 s per move');
    expect(boxOf(html, 'How the game ended')).toBe("The game is over, 0-2: white's time ran out (article 7.1.2.5).");
  });

  it('FMJD 6.1: the same position a third time, the same side to move', () => {
    // Each side a king and a man (no endgame rule of 6.3, 6.4); the kings go out and back twice.
    const s = played('lift 47\nplace 42\nlift 4\nplace 10\nlift 42\nplace 47\nlift 10\nplace 4\n'.repeat(2), { fen: 'W:WK47,50:BK4,1' });
    expect(s.result).toMatchObject({ result: '1-1', article: '6.1' });
    const { html } = sheetOf(s);
    expect(boxOf(html, 'How the game ended')).toBe('The game is over, 1-1: the same position a third time (article 6.1).');
  });
});
