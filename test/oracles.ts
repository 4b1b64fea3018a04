// The real games of test/fixtures/oracles/games (copied into the repository with their provenance), for tests and benchmarks:
// which file holds which variant, and the PDN texts of each file.

import { readFileSync } from 'node:fs';
import type { VariantName } from '../rules/index.ts';

/** The folder of the oracle games, found from this file. */
export const ORACLE_GAMES = new URL('./fixtures/oracles/games/', import.meta.url);

/** The oracle files of the five variants dambord plays (frisian_random_pdns.json is not one). */
export const ORACLE_FILES: readonly { readonly file: string; readonly variant: VariantName }[] = [
  { file: 'nk ronde 01.pdn', variant: 'international' },
  { file: 'nk ronde 02.pdn', variant: 'international' },
  { file: 'standard_random_pdns.json', variant: 'international' },
  { file: 'OCA_2.0.pdn', variant: 'english' },
  { file: 'american_random_pdns.json', variant: 'english' },
  { file: 'mrcd2006.pdn', variant: 'czech' },
  { file: 'ussr1947.pdn', variant: 'russian' },
  { file: 'russian_random_pdns.json', variant: 'russian' },
  { file: 'brazilian_random_pdns.json', variant: 'brazilian' },
];

/**
 * More real games (games/more/), for the measures that need hundreds of games of a variant (the
 * slip checker's): international championships, Czech championships and games of the American
 * Checker Federation's archive (English).
 */
export const MORE_FILES: readonly { readonly file: string; readonly variant: VariantName }[] = [
  { file: 'more/wk2003.pdn', variant: 'international' },
  { file: 'more/DUTCH96H.pdn', variant: 'international' },
  { file: 'more/nk2003-amsterdam.pdn', variant: 'international' },
  { file: 'more/090417ronde12.pdn', variant: 'international' },
  { file: 'more/rk ronde 12.pdn', variant: 'international' },
  { file: 'more/mrcd2007.pdn', variant: 'czech' },
  { file: 'more/mrcd2000kval.pdn', variant: 'czech' },
  { file: 'more/acf-archive.pdn', variant: 'english' },
];

/** The PDN texts of a file: the bytes of a .pdn file, or every string in the arrays of a .json file. */
export function oracleTexts(file: string): (Uint8Array | string)[] {
  const bytes = readFileSync(new URL(file, ORACLE_GAMES));
  if (!file.endsWith('.json')) return [bytes];
  const data = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  return Object.values(data).flatMap((v) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []));
}
