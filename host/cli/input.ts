// What several commands read the same way: a file or standard input, and a --variant option.

import { decodeText, variantByName, variantList } from '../../rules/index.ts';
import { TEXT_FILE_LIMIT, readFileWithin, size, why } from '../files/read.ts';
import type { Variant } from '../../rules/index.ts';
import type { Io } from './command.ts';

export { TEXT_FILE_LIMIT, readFileWithin, why };

export type Input = { ok: true; name: string; bytes: Uint8Array } | { ok: false; error: string };

/** A file's bytes, or standard input's for `-`, at most `limit` (see {@link readFileWithin}); a failure names the file and why. */
export async function readInput(file: string, io: Io, limit = TEXT_FILE_LIMIT): Promise<Input> {
  try {
    const bytes = file === '-' ? await readAll(io.stdin, limit) : readFileWithin(file, limit);
    return { ok: true, name: file === '-' ? '<stdin>' : file, bytes };
  } catch (e) {
    return { ok: false, error: `cannot read ${file === '-' ? 'standard input' : file}: ${why(e)}` };
  }
}

export type TextInput = { ok: true; name: string; text: string } | { ok: false; error: string };

/**
 * A text file (a PDN file, an action script), or standard input for `-`, decoded by
 * `decodeText`: UTF-8 (a byte order mark skipped), UTF-16 either way round, or latin-1. Its
 * bytes are not kept, only the text.
 */
export async function readText(file: string, io: Io, limit = TEXT_FILE_LIMIT): Promise<TextInput> {
  const input = await readInput(file, io, limit);
  return input.ok ? { ok: true, name: input.name, text: decodeText(input.bytes) } : input;
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    total += bytes.length;
    if (total > limit) throw new Error(`it has more than the ${size(limit)} a text file may have`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * A `--name N` option that takes a whole number from `min` to `max` (digits only): undefined
 * when it is not given, the number, or a message saying what it must be.
 */
export function wholeNumberOption(name: string, text: string | undefined, min: number, max: number): { ok: true; value: number | undefined } | { ok: false; error: string } {
  if (text === undefined) return { ok: true, value: undefined };
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  return n >= min && n <= max ? { ok: true, value: n } : { ok: false, error: `--${name} must be a whole number from ${min} to ${max}, not "${text}"` };
}

/** The variant a `--variant` option names, or a message listing the choices. */
export function variantOption(name: string): { ok: true; variant: Variant } | { ok: false; error: string } {
  const variant = variantByName(name);
  if (variant) return { ok: true, variant };
  const frisian = name.trim().toLowerCase() === 'frisian' ? ' (frisian is not implemented)' : '';
  return { ok: false, error: `unknown variant "${name}"${frisian}; choose one of ${variantList('', ', ')}` };
}

/** `--NAME PORT`: a TCP port, 0 to 65535 in plain digits (0: any free port), `fallback` when not given. */
export function portOption(name: string, text: string | undefined, fallback: number): { ok: true; port: number } | { ok: false; error: string } {
  const n = wholeNumberOption(name, text, 0, 65535);
  return n.ok ? { ok: true, port: n.value ?? fallback } : { ok: false, error: `--${name} must be a port number, not "${text}"` };
}
