import type { Variant } from '../../rules/index.ts';
import type { Engine } from './engine.ts';
import { EngineError } from './engine.ts';
import type { EngineLog } from './engineLog.ts';

/** Where a DXP engine is: the host and port to connect to, or to listen on for it. */
export interface DxpOptions {
  readonly host: string;
  readonly port: number;
  readonly variant: Variant;
  readonly log?: EngineLog;
}

/** A DXP engine that listens: dambord connects and initiates (interim). */
export async function connectDxpEngine(opts: DxpOptions): Promise<Engine> {
  throw new EngineError(`dxp:${opts.host}:${opts.port}`, 'start', 'DXP is not ready');
}

/** A DXP engine that connects: dambord listens on a loopback address and initiates (interim). */
export async function listenDxpEngine(opts: DxpOptions): Promise<Engine> {
  throw new EngineError(`dxp-listen:${opts.host}:${opts.port}`, 'start', 'DXP is not ready');
}
