// An engine SPEC as `dambord match` and `dambord analyse` take it (issue 30, items 3 and 4):
// `builtin`, `builtin:level=N[,seed=S]`, `hub:COMMAND [ARGS]`, `dxp:HOST:PORT` (dambord connects)
// or `dxp-listen:HOST:PORT` (dambord listens on a loopback address for the engine), and opening
// the engine it names.

import type { Variant } from '../../rules/index.ts';
import { openBuiltinEngine } from './builtin.ts';
import { connectDxpEngine, listenDxpEngine } from './dxp.ts';
import type { Engine } from './engine.ts';
import type { EngineLog } from './engineLog.ts';
import { openHubEngine } from './hub.ts';

/** What a SPEC names: the engine and how to reach it; `text` is the SPEC as written. */
export type EngineSpec =
  | { readonly kind: 'builtin'; readonly text: string; readonly level?: number; readonly seed?: number }
  | { readonly kind: 'hub'; readonly text: string; readonly command: string; readonly args: readonly string[] }
  | { readonly kind: 'dxp' | 'dxp-listen'; readonly text: string; readonly host: string; readonly port: number };

/** The forms of a SPEC, for a usage text and for the message of a SPEC that is none of them. */
export const SPEC_FORMS = `builtin | builtin:level=N (1..10) [,seed=S] | hub:COMMAND [ARGS] | dxp:HOST:PORT | dxp-listen:HOST:PORT (an IPv6 host in brackets: dxp:[::1]:27531)`;

/**
 * Reads an engine SPEC. Never throws: a SPEC that is none of {@link SPEC_FORMS} gives a message
 * saying what is wrong and showing the forms.
 *
 * @example parseEngineSpec('builtin:level=3') // { ok: true, spec: { kind: 'builtin', level: 3, ... } }
 * @example parseEngineSpec('hub:./scan hub')  // { ok: true, spec: { kind: 'hub', command: './scan', args: ['hub'] } }
 * @example parseEngineSpec('dxp:[::1]:27531') // { ok: true, spec: { kind: 'dxp', host: '::1', port: 27531 } }
 */
export function parseEngineSpec(text: string): { ok: true; spec: EngineSpec } | { ok: false; error: string } {
  const bad = (why: string) => ({ ok: false as const, error: `engine "${text}": ${why}; an engine is one of: ${SPEC_FORMS}` });
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const rest = colon < 0 ? '' : text.slice(colon + 1);
  switch (kind) {
    case 'builtin':
      return builtinSpec(text, rest, colon >= 0, bad);
    case 'hub': {
      const words = shellWords(rest);
      if (typeof words === 'string') return bad(words);
      if (words.length === 0) return bad('the Hub engine\'s command is missing after "hub:"');
      return { ok: true, spec: { kind: 'hub', text, command: words[0], args: words.slice(1) } };
    }
    case 'dxp':
    case 'dxp-listen': {
      const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(rest);
      const port = m ? Number(m[3]) : NaN;
      if (!m) return bad(`write the address as HOST:PORT after "${kind}:" (an IPv6 host in brackets)`);
      if (!(port >= 1 && port <= 65535)) return bad(`port ${m[3]} is not from 1 to 65535`);
      return { ok: true, spec: { kind, text, host: m[1] ?? m[2], port } };
    }
    default:
      return bad(`"${kind}" is not a kind of engine`);
  }
}

function builtinSpec(text: string, rest: string, hasColon: boolean, bad: (why: string) => { ok: false; error: string }): { ok: true; spec: EngineSpec } | { ok: false; error: string } {
  if (!hasColon) return { ok: true, spec: { kind: 'builtin', text } };
  const found: { level?: number; seed?: number } = {};
  for (const part of rest.split(',')) {
    const m = /^(level|seed)=(\d{1,10})$/.exec(part.trim());
    if (!m) return bad(`"${part}" is neither level=N nor seed=S`);
    const name = m[1] as 'level' | 'seed';
    if (found[name] !== undefined) return bad(`${name} is given twice`);
    found[name] = Number(m[2]);
  }
  if (found.level !== undefined && !(found.level >= 1 && found.level <= 10)) return bad(`level ${found.level} is not from 1 to 10`);
  if (found.seed !== undefined && found.seed > 0xffffffff) return bad(`seed ${found.seed} is above ${0xffffffff}`);
  return { ok: true, spec: { kind: 'builtin', text, ...found } };
}

/**
 * A command line split into words as a POSIX shell splits it, without expanding anything:
 * whitespace separates words; `'...'` keeps everything; `"..."` keeps everything but `\"`, `\\`;
 * outside quotes `\` keeps the next character. A message when a quote is left open.
 *
 * @example shellWords(`"/opt/my engines/scan" hub --threads 2`) // ['/opt/my engines/scan', 'hub', '--threads', '2']
 */
export function shellWords(line: string): string[] | string {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return `the quote ' at character ${i + 1} of "${line}" is not closed`;
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      let inner = '';
      for (; j < line.length && line[j] !== '"'; j++) inner += line[j] === '\\' && /["\\]/.test(line[j + 1] ?? '') ? line[++j] : line[j];
      if (j >= line.length) return `the quote " at character ${i + 1} of "${line}" is not closed`;
      word = (word ?? '') + inner;
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** How an engine is opened: the variant it plays and the protocol log (`--engine-log`). */
export interface OpenOptions {
  readonly variant: Variant;
  readonly log?: EngineLog;
}

/**
 * The engine `spec` names, started (a Hub process), connected or accepted (DXP) and ready.
 * Rejects with an EngineError (`start`) when it cannot be.
 */
export async function openEngine(spec: EngineSpec, opts: OpenOptions): Promise<Engine> {
  switch (spec.kind) {
    case 'builtin':
      return openBuiltinEngine({ level: spec.level, seed: spec.seed });
    case 'hub':
      return openHubEngine({ command: spec.command, args: spec.args, variant: opts.variant, log: opts.log });
    case 'dxp':
      return connectDxpEngine({ host: spec.host, port: spec.port, variant: opts.variant, log: opts.log });
    case 'dxp-listen':
      return listenDxpEngine({ host: spec.host, port: spec.port, variant: opts.variant, log: opts.log });
  }
}
