// The variants the PDN commands guessed for the games of a file without a GameType tag, and what
// to say about them: which variants the file could be, what each game was read as, and how to
// name the variant.

import { gameTypeList, variants } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';

/** Games guessed alike: the variants their moves are all legal in (the one read as first). */
interface Kind {
  readonly variants: readonly string[];
  /** Whether those variants read the moves differently (the games are errors, not guessed). */
  readonly differ: boolean;
  games: number;
}

/** `a`, `a and b`, `a, b and c` (`or` for a choice). */
export function listed(words: readonly string[], and = 'and'): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${and} ${words[words.length - 1]}`;
}

/**
 * The variants of a game read without a GameType tag, for its report line: `russian (guessed)`
 * when only Russian fits, `russian (guessed: also legal in brazilian and czech)`.
 */
export function guessedText(g: PdnGame): string {
  if (g.variantSource !== 'guessed') return g.variant.name;
  const also = (g.legalIn ?? []).filter((v) => v !== g.variant).map((v) => v.name);
  return also.length === 0 ? `${g.variant.name} (guessed)` : `${g.variant.name} (guessed: also legal in ${listed(also)})`;
}

/** The games of one file whose variant was guessed from their moves, tallied by the variants they fit. */
export class VariantGuesses {
  private readonly kinds = new Map<string, Kind>();

  /** Counts `g` if its variant was guessed among 8x8 variants (or could not be, several reading it differently). */
  add(g: PdnGame): void {
    if (!g.legalIn) return;
    const variants = g.legalIn.map((v) => v.name);
    const differ = g.error?.code === 'variant-ambiguous';
    const key = `${variants.join(' ')}${differ ? ' differ' : ''}`;
    const kind = this.kinds.get(key);
    if (kind) kind.games++;
    else this.kinds.set(key, { variants, differ, games: 1 });
  }

  /**
   * What to say on standard error about `file` when a game of it could be more than one variant
   * (null otherwise): how many games fit which variants and what they were read as, then the
   * one `--variant` all of them fit, if there is one, as a command line (`command` on `arg`, the
   * file as it was named: `-` for standard input).
   *
   * @example guesses.summary('mrcd2006.pdn', 'pdn check', 'mrcd2006.pdn')
   * // mrcd2006.pdn: warning: 44 games have no GameType tag and their moves are not legal in international draughts:
   * // 34 are legal only in czech; 10 are legal in russian, brazilian and czech alike and were read as russian.
   * // Every one of them is legal in czech: dambord pdn check --variant czech mrcd2006.pdn
   */
  summary(file: string, command: string, arg: string): string | null {
    const kinds = [...this.kinds.values()];
    if (!kinds.some((k) => k.variants.length > 1)) return null;
    const games = kinds.reduce((n, k) => n + k.games, 0);
    const parts = kinds.map((k) => {
      const n = `${k.games}`;
      if (k.variants.length === 1) return `${n} ${k.games === 1 ? 'is' : 'are'} legal only in ${k.variants[0]}`;
      if (k.differ) return `${n} ${k.games === 1 ? 'is' : 'are'} legal in ${listed(k.variants)}, which read ${k.games === 1 ? 'it' : 'them'} differently, and ${k.games === 1 ? 'is an error' : 'are errors'}`;
      return `${n} ${k.games === 1 ? 'is' : 'are'} legal in ${listed(k.variants)} alike and ${k.games === 1 ? 'was' : 'were'} read as ${k.variants[0]}`;
    });
    const all = kinds.map((k) => k.variants).reduce((a, b) => a.filter((v) => b.includes(v)));
    const word = /^[\w./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
    const them = games === 1 ? 'it' : 'them';
    const choose =
      all.length === 0
        ? `No one variant fits ${them} all: give each game its GameType tag (${gameTypeList(Object.values(variants).filter((v) => v.geometry.size === 8))}).`
        : all.length === 1
          ? `${games === 1 ? 'It' : 'Every one of them'} is legal in ${all[0]}: dambord ${command} --variant ${all[0]} ${word}`
          : `${games === 1 ? 'It' : 'Every one of them'} is legal in ${listed(all)}: name the variant with --variant ${listed(all, 'or')}, e.g. dambord ${command} --variant ${all[all.length - 1]} ${word}`;
    return `${file}: warning: ${games} game${games === 1 ? ' has' : 's have'} no GameType tag and ${games === 1 ? 'its' : 'their'} moves are not legal in international draughts: ${parts.join('; ')}. ${choose}`;
  }
}
