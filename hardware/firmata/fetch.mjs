#!/usr/bin/env node
/**
 * Fetches the genuine StandardFirmata builds (they speak Firmata protocol 2.3) for the Arduino Mega and Uno
 * from the npm registry, without installing anything and without committing any of it.
 *
 * The npm tarball of `avrgirl-arduino@5.0.1` carries them under
 * `package/junk/hex/<board>/StandardFirmata.cpp.hex`. This runs `npm pack avrgirl-arduino@5.0.1`
 * into a cache folder outside git (node_modules/.cache/dambord-firmata, ignored with
 * node_modules) and extracts those two files with `tar`. Idempotent: when both hex files are
 * already there, nothing is fetched.
 *
 * Usage: `node hardware/firmata/fetch.mjs` prints one line per board, `<board> <path>`.
 * As a module: `await fetchStandardFirmata()` returns `{ ok: true, hex: { mega, uno } }` or
 * `{ ok: false, error }` (for instance when the registry cannot be reached).
 */

/* global process, console, URL */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE = 'avrgirl-arduino@5.0.1';
export const BOARDS = /** @type {const} */ (['mega', 'uno']);
export const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/dambord-firmata/', import.meta.url));

/** Path of a board's StandardFirmata hex in the cache (it may not exist yet). */
export function hexPath(board) {
  return join(CACHE_DIR, 'package', 'junk', 'hex', board, 'StandardFirmata.cpp.hex');
}

/**
 * Makes sure both hex files are in the cache.
 * @returns {{ ok: true, hex: Record<'mega' | 'uno', string>, fetched: boolean } | { ok: false, error: string }}
 */
export function fetchStandardFirmata() {
  const hex = { mega: hexPath('mega'), uno: hexPath('uno') };
  if (BOARDS.every((b) => existsSync(hex[b]))) return { ok: true, hex, fetched: false };
  const tmp = join(CACHE_DIR, `pack-${process.pid}`);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tgz = join(CACHE_DIR, 'avrgirl-arduino-5.0.1.tgz');
    if (!existsSync(tgz)) {
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp);
      execFileSync('npm', ['pack', PACKAGE, '--pack-destination', tmp, '--loglevel', 'error'], {
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 120_000,
      });
      const got = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
      if (!got) throw new Error(`npm pack ${PACKAGE} produced no tarball`);
      renameSync(join(tmp, got), tgz);
      rmSync(tmp, { recursive: true, force: true });
    }
    const members = BOARDS.map((b) => `package/junk/hex/${b}/StandardFirmata.cpp.hex`);
    execFileSync('tar', ['-xzf', tgz, '-C', CACHE_DIR, ...members], { stdio: ['ignore', 'ignore', 'pipe'] });
    for (const b of BOARDS) if (!existsSync(hex[b])) throw new Error(`${hex[b]} missing after extracting ${tgz}`);
    return { ok: true, hex, fetched: true };
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    const err = /** @type {{ message?: string, stderr?: Buffer }} */ (e);
    const detail = (err.stderr?.toString().match(/npm error .*/g) ?? []).slice(0, 2).join('; ') || err.message || String(e);
    return { ok: false, error: `could not fetch StandardFirmata from the npm registry (npm pack ${PACKAGE}): ${detail}` };
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = fetchStandardFirmata();
  if (!r.ok) {
    console.error(r.error);
    process.exit(1);
  }
  for (const b of BOARDS) console.log(`${b} ${r.hex[b]}`);
}
