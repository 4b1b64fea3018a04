// `dambord play --engine white|black [--level N] [--engine-spec SPEC] [--alt-move] [--no-hints] [--training]`: the computer
// seated at the board for one side, read and checked as the other options are.

import type { ComputerConfig } from '../game/computerConfig.ts';
import { builtinName } from '../game/computerChoice.ts';
import { parseEngineSpec } from '../engine/spec.ts';
import type { EngineSpec } from '../engine/spec.ts';

/** The built-in engine's level when none is named. */
export const DEFAULT_LEVEL = 5;

/** The help of the options, for the usage text. */
export const COMPUTER_HELP = `  --engine SIDE      the computer plays SIDE (white or black): its moves are shown on the LEDs,
                     printed, said and shown on the page; the hands make them, and the game goes
                     on once the board shows the position after them. A move made wrongly is
                     named and guided back; another legal move made for it is put right
  --level N          the built-in engine's level, 1 (weakest) to 10 (default ${DEFAULT_LEVEL})
  --engine-spec SPEC another engine, as dambord match names it (builtin:level=N, hub:COMMAND,
                     dxp:HOST:PORT, dxp-listen:HOST:PORT)
  --alt-move         another legal move made for the computer is taken as its move, the engine
                     playing on from it
  --no-hints         no hints in this game: the page's Hint and j'adoube held 1 s are refused
                     (hints are never given under the tournament policy)
  --training         the engine judges each of your moves; one that loses more than the level
                     allows is said, with the better move, and taken back for another try`;

/** The computer the options ask for (null: none), the engine to open, or what is wrong with them. */
export function computerOption(o: { engine?: string; level?: string; 'engine-spec'?: string; 'alt-move'?: boolean; 'no-hints'?: boolean; training?: boolean }): { ok: true; computer: { config: Omit<ComputerConfig, 'name'>; spec: EngineSpec } | null } | { ok: false; error: string } {
  if (o.engine === undefined) {
    const stray = o.level !== undefined ? '--level' : o['engine-spec'] !== undefined ? '--engine-spec' : o['alt-move'] ? '--alt-move' : o['no-hints'] ? '--no-hints' : o.training ? '--training' : null;
    return stray ? { ok: false, error: `${stray} is for a game against the computer: add --engine white or --engine black` } : { ok: true, computer: null };
  }
  if (o.engine !== 'white' && o.engine !== 'black') return { ok: false, error: `--engine takes the side the computer plays, white or black, not "${o.engine}"` };
  if (o.level !== undefined && o['engine-spec'] !== undefined) return { ok: false, error: '--level is the built-in engine\'s; with --engine-spec, write the level in it (builtin:level=N)' };
  const level = o.level === undefined ? DEFAULT_LEVEL : /^\d+$/.test(o.level) ? Number(o.level) : NaN;
  if (!(level >= 1 && level <= 10)) return { ok: false, error: `--level must be a whole number from 1 to 10, not "${o.level}"` };
  const parsed = parseEngineSpec(o['engine-spec'] ?? `builtin:level=${level}`);
  if (!parsed.ok) return { ok: false, error: `--engine-spec: ${parsed.error}` };
  const spec = parsed.spec;
  const specLevel = spec.kind === 'builtin' ? (spec.level ?? 10) : null;
  const options = { ...(o['no-hints'] ? { hints: false } : {}), ...(o.training ? { training: true } : {}) };
  return { ok: true, computer: { config: { side: o.engine, spec: spec.text, level: specLevel, altMove: o['alt-move'] === true, ...options }, spec } };
}

/** The computer's name on the scoresheet: `dambord, level 5` for the built-in engine, else the engine's own name. */
export function computerName(level: number | null, engineName: string): string {
  return level !== null ? builtinName(level) : engineName;
}
