import type { ResultScoring, Variant, VariantName } from '../variant.ts';
import { brazilian } from './brazilian.ts';
import { czech } from './czech.ts';
import { english } from './english.ts';
import { international } from './international.ts';
import { russian } from './russian.ts';

export { brazilian, czech, english, international, russian };

/** Every variant dambord plays, by name. */
export const variants: Readonly<Record<VariantName, Variant>> = { international, czech, english, brazilian, russian };

/** The variant of a name, or undefined; accepts the common aliases (`american`, `checkers`, ...). */
export function variantByName(name: string): Variant | undefined {
  const n = name.trim().toLowerCase();
  const alias: Record<string, VariantName> = {
    fmjd: 'international',
    standard: 'international',
    checkers: 'english',
    american: 'english',
    'american/english': 'english',
    'english draughts': 'english',
    'ceska dama': 'czech',
    shashki: 'russian',
  };
  if (Object.hasOwn(variants, n)) return variants[n as VariantName];
  return Object.hasOwn(alias, n) ? variants[alias[n]] : undefined;
}

/** The variant of a PDN GameType number (the first field of the tag), or undefined. */
export function variantByGameType(gameType: number): Variant | undefined {
  return Object.values(variants).find((v) => v.gameType === gameType);
}

/**
 * The names of the variants for a usage text or a message, in the order of {@link variants}:
 * `first` is written after the first name, `last` before the last.
 *
 * @example variantList(' (default)') // 'international (default), czech, english, brazilian or russian'
 */
export function variantList(first = '', last = ' or '): string {
  const names = Object.keys(variants);
  return `${names[0]}${first}, ${names.slice(1, -1).join(', ')}${last}${names[names.length - 1]}`;
}

/**
 * The variants of `list` with their PDN GameType numbers, by number.
 *
 * @example gameTypeList() // 'international 20, english 21, russian 25, brazilian 26, czech 29'
 */
export function gameTypeList(list: readonly Variant[] = Object.values(variants)): string {
  return [...list]
    .sort((a, b) => a.gameType - b.gameType)
    .map((v) => `${v.name} ${v.gameType}`)
    .join(', ');
}

/**
 * How each variant writes its results, for a usage text: the variants of each scoring named,
 * the last scoring's as `elsewhere`.
 *
 * @example scoringList() // '2-0/1-1/0-2 in international and brazilian, 1-0/1/2-1/2/0-1 elsewhere'
 */
export function scoringList(): string {
  const groups = new Map<ResultScoring, string[]>();
  for (const v of Object.values(variants)) groups.set(v.scoring, [...(groups.get(v.scoring) ?? []), v.name]);
  return [...groups]
    .map(([s, names], i, all) => `${s.whiteWins}/${s.draw}/${s.blackWins} ${i === all.length - 1 ? 'elsewhere' : `in ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' and ' : ''}${names[names.length - 1]}`}`)
    .join(', ');
}
