import type { Variant } from '../../rules/index.ts';
import type { Engine } from './engine.ts';
import { EngineError } from './engine.ts';
import type { EngineLog } from './engineLog.ts';

/** How a Hub engine is started: its command line, run in `cwd` (the command's own folder by default). */
export interface HubOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly variant: Variant;
  readonly log?: EngineLog;
}

/** A Hub engine (the protocol of Scan 3.x), started and initialised (interim). */
export async function openHubEngine(opts: HubOptions): Promise<Engine> {
  throw new EngineError(opts.command, 'start', 'Hub engines are not ready');
}
