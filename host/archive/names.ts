// Players' names as a club's archive keeps them: one player written several ways (`Derkx,B.`,
// `Derkx, B.`, `DERKX, B`, `B. Derkx`) is one key and one shown form. Pure: no I/O.
//
// The rule. A name is read as a surname and given names or initials:
// - with a comma, the surname is before it (`Derkx,B.`, `Meijer, Hein`), and a prefix (`van den`)
//   after the given names or between two commas (`Akker, J. van den`, `Akker,van den,J.`);
// - without one, initials before the other words are given (`B. Derkx`), and so are initials
//   after them (`Блиндер Б.`, `Коган М`); a name with no initials (`Hein Meijer`, `Sijbrands`) is
//   taken whole, since which word is the surname cannot be told.
// The key is the surname and the given part with case, punctuation, spacing and the accents of
// Latin letters folded (`Šoltýs` and `Soltys` are one key; Cyrillic `й` stays itself). Names whose
// surnames differ are never one key, nor are initials and a given name (`Derkx, B.` and `Derkx,
// Bert`: it cannot be told that they are one player). The shown form keeps the accents and is
// written `Surname, I.` (`Akker, J. van den`) when the name was written with a comma or with its initials first,
// `Surname I.` when written so (as Russian sources write names), initials dotted and run
// together (`B.J.`), a surname written all in capitals (`DERKX, B`) in capitals only at the start
// of each word.

/** A player's name: the key that says who it is, and the form the archive shows. */
export interface PlayerName {
  /** The same for every way of writing one player's name; '' when the name is not known. */
  readonly key: string;
  /** The name as the archive writes it (`Derkx, B.`); `?` when not known. */
  readonly shown: string;
}

/** The name not known: a missing, empty or `?` tag. */
export const UNKNOWN_PLAYER: PlayerName = { key: '', shown: '?' };

/**
 * The key and shown form of a name as written (see the rule above).
 *
 * @example playerName('DERKX,B') // { key: 'derkx|b', shown: 'Derkx, B.' }
 * @example playerName('Блиндер Б.') // { key: 'блиндер|б', shown: 'Блиндер Б.' }
 */
export function playerName(written: string | undefined): PlayerName {
  const text = (written ?? '').normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (text === '' || /^[?\-–—.]+$/u.test(text)) return UNKNOWN_PLAYER;
  const parts = text.split(',').map(words).filter((p) => p.length > 0);
  let surname: string[];
  let given: string[];
  let prefix: string[] = [];
  let style: 'comma' | 'after' | 'whole';
  if (parts.length >= 2) {
    // `Akker,van den,J.` (a Dutch database's), `Akker, J. van den`: the surname's prefix after the given names.
    [surname, given] = parts.length >= 3 ? [parts[0], parts.slice(2).flat()] : [parts[0], parts[1]];
    const lead = countWhile(given, (w) => !isParticle(w));
    prefix = parts.length >= 3 ? parts[1] : lead > 0 && given.slice(0, lead).some(isInitials) ? given.slice(lead) : [];
    if (parts.length < 3 && prefix.length > 0) given = given.slice(0, lead);
    style = 'comma';
  } else {
    const all = parts[0] ?? [];
    const lead = countWhile(all, isInitials);
    const trail = countWhile([...all].reverse(), isInitials);
    if (lead > 0 && lead < all.length) [given, surname, style] = [all.slice(0, lead), all.slice(lead), 'comma'];
    else if (trail > 0 && trail < all.length) [surname, given, style] = [all.slice(0, all.length - trail), all.slice(all.length - trail), 'after'];
    else [surname, given, style] = [all, [], 'whole'];
    // `J. van den Akker`: the prefix goes after the initials, as `Akker, J. van den`.
    const particles = countWhile(surname, isParticle);
    if (style === 'comma' && particles < surname.length) [prefix, surname] = [surname.slice(0, particles), surname.slice(particles)];
  }
  // A name written all in capitals is written in capitals at the start of each word, but for a
  // name of one or more words only (`LASCAR`, an online handle): who can tell how it is written.
  const shouting = style !== 'whole' && [...prefix, ...surname, ...given].filter((w) => !isInitials(w)).every((w) => w === w.toUpperCase() && w !== w.toLowerCase());
  const cased = (w: string) => (shouting && !isInitials(w) ? titleCase(w) : w);
  const sur = surname.map(cased).join(' ');
  const giv = [givenText(given.map(cased)), ...prefix.map((w) => w.toLowerCase())].join(' ');
  const shown = style === 'comma' ? `${sur}, ${giv}` : style === 'after' ? `${sur} ${giv}` : sur;
  return { key: `${fold([...prefix, ...surname].join(' '))}|${fold(given.map((w) => (isInitials(w) ? w.replace(/[.-]/g, '') : ` ${w} `)).join(''))}`, shown };
}

/** A written name and the shown form the archive wrote it as, for the import's report. */
export interface NameMerge {
  /** The form the archive writes (the first form of the player it met). */
  readonly shown: string;
  /** The other forms met in this import, in the order met. */
  readonly written: readonly string[];
}

/**
 * The players' names of an archive: each key's shown form (the first form met, kept from one
 * import to the next) and, for the report, the forms of this import written otherwise.
 */
export class NameBook {
  private readonly shownByKey: Map<string, string>;
  private readonly seen = new Map<string, Set<string>>();

  /** `known`: the archive's names so far, key to shown form. */
  constructor(known: Readonly<Record<string, string>> = {}) {
    this.shownByKey = new Map(Object.entries(known));
  }

  /**
   * The player a written name names, shown as the archive shows that player (from now on, for a
   * player not met before). `noted`: the form is one of this import's (see merges); false for a
   * game not taken in.
   */
  name(written: string | undefined, noted = true): PlayerName {
    const n = playerName(written);
    if (n.key === '') return n;
    const shown = this.shownByKey.get(n.key) ?? n.shown;
    this.shownByKey.set(n.key, shown);
    if (!noted) return { key: n.key, shown };
    const forms = this.seen.get(n.key) ?? new Set<string>();
    forms.add((written ?? '').trim());
    this.seen.set(n.key, forms);
    return { key: n.key, shown };
  }

  /** The players of this import whose name was written otherwise than the archive shows it, each with those forms. */
  merges(): NameMerge[] {
    const out: NameMerge[] = [];
    for (const [key, forms] of this.seen) {
      const shown = this.shownByKey.get(key)!;
      const written = [...forms].filter((f) => f !== shown);
      if (written.length > 0) out.push({ shown, written });
    }
    return out;
  }

  /** Every player's key and shown form, to keep in the archive's index. */
  toJSON(): Record<string, string> {
    return Object.fromEntries([...this.shownByKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}

/** The words of a text, a stray dot or dash on its own left out. */
function words(text: string): string[] {
  return text.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w));
}

function countWhile<T>(list: readonly T[], test: (x: T) => boolean): number {
  let n = 0;
  while (n < list.length && test(list[n])) n++;
  return n;
}

/** A surname's prefix as Dutch, German and French names have them: `van`, `den`, `de`, `von`, `'t`. */
function isParticle(word: string): boolean {
  return /^(?:van|von|der|den|de|het|ten|ter|te|in|op|la|le|du|des|di|da|del|'t|’t)$/i.test(word);
}

/** `B`, `B.`, `B.J.`, `J.-P.`, `J-P`: single letters, dotted or joined by a dash when more than one. */
function isInitials(word: string): boolean {
  const letters = word.split(/[.-]/).filter((p) => p !== '');
  if (letters.length === 0 || !letters.every((p) => /^\p{L}$/u.test(p))) return false;
  return letters.length === 1 || /[.-]/.test(word);
}

/** Given names as shown: initials dotted, upper case and run together (`B.J.`), other words as they are. */
function givenText(given: readonly string[]): string {
  let out = '';
  let last: 'initial' | 'word' | null = null;
  for (const w of given) {
    const initial = isInitials(w);
    const text = initial ? dotted(w) : w;
    out += last === null || (initial && last === 'initial') ? text : ` ${text}`;
    last = initial ? 'initial' : 'word';
  }
  return out;
}

function dotted(initials: string): string {
  return initials
    .split(/(-)/)
    .map((part) => (part === '-' ? '-' : part.split('.').filter((p) => p !== '').map((p) => `${p.toUpperCase()}.`).join('')))
    .join('');
}

/** `DERKX` → `Derkx`, `VAN-DEN` → `Van-Den`, `D'ARTAGNAN` → `D'Artagnan`. */
function titleCase(word: string): string {
  return word.toLowerCase().replace(/(^|['’-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Letters not folded by taking their accents off. */
const LATIN_FOLDS: Readonly<Record<string, string>> = { ø: 'o', ł: 'l', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', þ: 'th' };

/** Lower case, accents of Latin letters off, punctuation and spacing out: what a key compares. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/([A-Za-z])\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[øłđßæœıþ]/g, (c) => LATIN_FOLDS[c])
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
