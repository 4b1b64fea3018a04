// What `dambord match` and `dambord analyse` read alike: an engine SPEC, a time per move in
// seconds, the protocol log, and the opening of an engine with its failure said on stderr.

import type { Variant } from '../../rules/index.ts';
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import type { EngineLog } from '../engine/engineLog.ts';
import { NO_LOG, fileEngineLog } from '../engine/engineLog.ts';
import type { EngineSpec } from '../engine/spec.ts';
import { openEngine } from '../engine/spec.ts';
import type { Io } from './command.ts';

/** The help of `--engine-log FILE`, for a usage text. */
export const ENGINE_LOG_HELP = `  --engine-log FILE  append the protocol both ways to FILE, a line a message with the time:
                     "> " to the engine, "< " from it, "# " what dambord noticed`;

/**
 * `--move-time S`: seconds per move, a decimal number above 0 and at most a day; undefined when
 * not given; or a message saying what it must be.
 */
export function moveTimeOption(text: string | undefined): { ok: true; ms: number | undefined } | { ok: false; error: string } {
  if (text === undefined) return { ok: true, ms: undefined };
  const s = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  return s > 0 && s <= 86_400 ? { ok: true, ms: s * 1000 } : { ok: false, error: `--move-time must be a number of seconds above 0 (e.g. 0.5 or 2), not "${text}"` };
}

/** The log `--engine-log FILE` asks for (a write that fails is said once on stderr), or none. */
export function engineLogOption(file: string | undefined, io: Io, command: string): EngineLog {
  if (file === undefined) return NO_LOG;
  return fileEngineLog(file, (e) => io.stderr.write(`dambord ${command}: cannot write the engine log ${file}: ${e.message}; going on without it\n`));
}

/** The engine `spec` names, opened; null when it cannot be, said on stderr. */
export async function openOrSay(spec: EngineSpec, variant: Variant, log: EngineLog, io: Io, command: string): Promise<Engine | null> {
  try {
    return await openEngine(spec, { variant, log });
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    io.stderr.write(`dambord ${command}: the engine ${spec.text} could not be started: ${e.message}\n`);
    return null;
  }
}
