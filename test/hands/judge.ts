// Judges the referee against the hand model: a hand game (test/hands/model.ts) is run through the
// referee as `dambord replay` runs a script, and what the referee says is held against the real
// game and against what the rulebooks let it flag for each ply.

import { formatMove, writeFen } from '../../rules/index.ts';
import { outputJson } from '../../host/game/referee/json.ts';
import { runEvents } from '../../host/game/referee/run.ts';
import type { Policy, RefereeOutput } from '../../host/game/referee/types.ts';
import { eventsOf, parseActionScript } from '../../host/script/actions.ts';
import type { HandGame } from './model.ts';
import type { OracleGame } from './oracleGames.ts';

/** How a hand game came out: exact (every move, nothing else but what the rules let it flag), or where it first went wrong. */
export interface Verdict {
  readonly exact: boolean;
  /** Moves recognised as the game's, in order, before anything went wrong. */
  readonly plies: number;
  /** The first thing wrong, with the script lines around it. */
  readonly problem: string | null;
}

/**
 * Runs `hand` (a hand game of `game`) through the referee with `policy` and checks:
 * - the moves are the game's moves, the same PDN text and FEN after each, and all of them;
 * - an irregularity is reported only for a ply the rulebooks let a referee flag (its code among
 *   the ply's `flaggable`; a flag resolved by playing on may come with the next ply), and every
 *   flaggable ply is reported: `jumps-not-shown` only when the opponent asked (`policy.showJumps`),
 *   `touch-out-of-turn` except where pieces are felt (`policy.feel`), and nothing the policy notes
 *   is waited for;
 * - acceptances and corrections only around a flagged ply; no mismatch, ever; the result, if any,
 *   after the last move.
 */
export function judge(game: OracleGame, hand: HandGame, policy: Policy): Verdict {
  const v = game.start.variant;
  const parsed = parseActionScript(hand.script, v);
  if (!parsed.ok) return { exact: false, plies: 0, problem: `the script does not parse: ${parsed.reason}` };
  const events = eventsOf(parsed.actions);
  const { outputs } = runEvents(game.start, policy, events.map((e) => e.event));
  const lines = hand.script.split('\n');
  const plyOfLine: number[] = [];
  let current = 0;
  for (const l of lines) {
    const m = /^# ply (\d+)$/.exec(l);
    if (m) current = Number(m[1]);
    plyOfLine.push(current);
  }
  const plyAt = (event: number): number => plyOfLine[(events[Math.min(event, events.length - 1)]?.line ?? 1) - 1] ?? 0;
  const excerpt = (event: number): string => {
    const line = events[Math.min(event, events.length - 1)]?.line ?? 0;
    return lines.slice(Math.max(0, line - 14), line).map((l, i) => `  ${Math.max(1, line - 13) + i}: ${l}`).join('\n');
  };
  // The flags each ply must raise, and those it may.
  const due = new Map<number, Set<string>>();
  const may = new Map<number, Set<string>>();
  for (const p of hand.plies) {
    const codes = p.flaggable.map((f) => f.code as string);
    may.set(p.ply, new Set(codes));
    due.set(p.ply, new Set(codes.filter((c) => (c !== 'jumps-not-shown' || policy.showJumps) && !(c === 'touch-out-of-turn' && policy.feel))));
  }
  const flaggedNear = (ply: number, code?: string): number | undefined =>
    [ply, ply - 1].find((k) => (code === undefined ? (may.get(k)?.size ?? 0) > 0 : may.get(k)?.has(code)));
  let ply = 0;
  /** The ply of the last irregularity reported: its acceptance may come as late as the move after next (a king's move played on ends only when the next one starts). */
  let flaggedAt = -10;
  const fail = (event: number, what: string): Verdict => ({ exact: false, plies: ply, problem: `${game.name}, ${policy.name} policy: ${what}\n${excerpt(event)}` });
  const said = (o: RefereeOutput): string => JSON.stringify(outputJson(v, o));
  for (const { output, event } of outputs) {
    const at = plyAt(event);
    switch (output.type) {
      case 'move': {
        const want = game.moves[ply];
        if (!want) return fail(event, `an extra move ${output.text} after the last ply`);
        const text = formatMove(game.before[ply], want);
        const fen = writeFen(game.after[ply]);
        if (output.text !== text || writeFen(output.after) !== fen) return fail(event, `ply ${ply + 1} read as ${output.text} (${writeFen(output.after)}), the game has ${text} (${fen})`);
        ply++;
        break;
      }
      case 'irregularity': {
        // The older ply first, where the flag is still due: a king's move is flagged only when the next move starts.
        const k = [at - 1, at].find((n) => due.get(n)?.has(output.code)) ?? flaggedNear(at, output.code);
        if (k === undefined) return fail(event, `at ply ${at}: ${said(output)}, which the rules do not call for`);
        due.get(k)?.delete(output.code);
        flaggedAt = at;
        break;
      }
      case 'accepted':
      case 'correction':
      case 'corrected':
        if (at - flaggedAt > 2) return fail(event, `at ply ${at}: ${said(output)} with nothing flagged`);
        break;
      case 'result':
        if (ply !== game.moves.length) return fail(event, `the result ${output.result} after ply ${ply} of ${game.moves.length}`);
        break;
      case 'mismatch':
      case 'matched':
        return fail(event, `at ply ${at}: ${said(output)}`);
      default:
        break;
    }
  }
  if (ply !== game.moves.length) return { exact: false, plies: ply, problem: `${game.name}, ${policy.name} policy: ${ply} of ${game.moves.length} plies recognised\n${lines.slice(-12).join('\n')}` };
  const missed = [...due].filter(([, codes]) => codes.size > 0);
  if (missed.length > 0) return { exact: false, plies: ply, problem: `${game.name}, ${policy.name} policy: not flagged: ${missed.map(([k, c]) => `ply ${k} ${[...c].join(', ')}`).join('; ')}` };
  return { exact: true, plies: ply, problem: null };
}
