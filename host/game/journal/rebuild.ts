import { parseFen, variants, writeFen } from '../../../rules/index.ts';
import type { Variant } from '../../../rules/index.ts';
import type { Policy } from '../referee/types.ts';
import { JOURNAL_FORMAT } from './record.ts';
import type { JournalHeader, JournalRead } from './record.ts';
import { LANGUAGES, say } from '../../words/catalogue.ts';
import type { Language } from '../../words/catalogue.ts';

/** What a damaged header was rebuilt from, and how it was checked. */
export interface HeaderRebuild {
  /** The fields rebuilt: each value, and whether the damaged line showed it (else it is the default). */
  readonly fields: readonly { readonly name: 'variant' | 'start' | 'policy'; readonly value: string; readonly shown: boolean }[];
  /** How many of the journal's outputs the replay said again. */
  readonly outputs: number;
  /** The names of the tags kept from the damaged line. */
  readonly tags: readonly string[];
}

/**
 * A rebuild in words, in `lang`.
 *
 * @example rebuildWords(r) // 'the game was rebuilt from its events: variant international (as the damaged header shows it), ...; checked against the 4 outputs the journal records; tags kept: Event'
 */
export function rebuildWords(r: HeaderRebuild, lang: Language = 'en'): string {
  const fields = r.fields.map((f) => say(lang, 'journal.rebuilt.field', { name: f.name, value: f.value, shown: f.shown ? 'yes' : 'no' }));
  return say(lang, 'journal.rebuilt', { fields: fields.join(', '), outputs: r.outputs, kept: r.tags.length, tags: r.tags.join(', ') });
}

/** A replay of the journal from a header: ok when every journaled output is said again. */
type Attempt<R extends { ok: boolean }> = (header: JournalHeader, rebuilt: string, rebuild: HeaderRebuild) => R;

const POLICIES: readonly Policy['name'][] = ['tournament', 'casual', 'blind', 'digitise'];

/** The one name of `names` that `value` is, or is but for one character (a bad byte); else null. */
function nearest(value: string | undefined, names: readonly string[]): string | null {
  if (value === undefined) return null;
  if (names.includes(value)) return value;
  const close = names.filter((n) => n.length === value.length && [...n].filter((c, i) => c !== value[i]).length === 1);
  return close.length === 1 ? close[0] : null;
}

/**
 * The header of a journal whose header line is damaged, rebuilt from what the line still shows
 * (`read.salvage`; a name one character off a known one is taken as that one) and, where that
 * is lost, from the defaults, then checked by replaying every
 * journaled event and comparing every journaled output (`attempt`). The candidates go from the
 * salvaged value of each field to the others: variants whose board holds every square the
 * events name, the salvaged start then the variant's own, the salvaged policy then tournament,
 * casual, blind, digitise. The first candidate that replays is the header; the message says which fields
 * came from the damaged line, which were taken as defaults, how many outputs confirmed it, and
 * which tags were kept. When none replays, the first candidate's failure is returned.
 */
export function rebuildHeader<R extends { ok: boolean }>(read: JournalRead, attempt: Attempt<R>): R | { ok: false; reason: string } {
  const s = read.salvage ?? { tags: [] };
  const damage = read.headerProblem?.reason ?? 'line 1: the header is damaged';
  let top = -1;
  for (const e of read.entries) if (e.k === 'ev' && (e.e.type === 'lift' || e.e.type === 'place')) top = Math.max(top, e.e.square);
  const variantName = nearest(s.variant, Object.keys(variants));
  const salvagedVariant = variantName === null ? null : (variants as Record<string, Variant>)[variantName];
  const candidates = [...new Set([salvagedVariant, ...Object.values(variants)])].filter((v): v is Variant => v !== null && v.geometry.squares > top);
  const policyFound = nearest(s.policy, POLICIES) as Policy['name'] | null;
  const policies = [...new Set([...(policyFound ? [policyFound] : []), ...POLICIES])];
  // The messages' language as the line shows it (English is not written), else English.
  const lang = (nearest(s.lang, LANGUAGES) ?? 'en') as Language;
  const firstT = read.entries.length > 0 && read.entries[0].k === 'ev' ? read.entries[0].e.t : 0;
  // The referee is created before the first event: a t0 after it is damage.
  const t0 = s.t0 !== undefined && s.t0 <= firstT ? s.t0 : firstT;
  const outputs = read.entries.filter((e) => e.k === 'out').length;
  let first: R | null = null;
  for (const variant of candidates) {
    const parsed = s.start === undefined ? null : parseFen(variant, s.start);
    const found = parsed?.ok ? writeFen(parsed.position) : null;
    const starts = [...new Set([...(found ? [found] : []), variant.startFen])];
    for (const start of starts) {
      for (const policy of policies) {
        for (const showJumps of [s.showJumps === true, s.showJumps !== true]) {
          const header: JournalHeader = {
            format: JOURNAL_FORMAT,
            variant: variant.name,
            start,
            policy,
            ...(showJumps ? { showJumps: true } : {}),
            ...(lang !== 'en' ? { lang } : {}),
            tags: s.tags,
            timeControl: null,
            created: s.created ?? 'unknown (the header was damaged)',
            t0,
          };
          const fields = [{ name: 'variant', value: variant.name, shown: variant === salvagedVariant }, { name: 'start', value: start, shown: start === found }, { name: 'policy', value: policy, shown: policy === policyFound }] as const;
          const rebuild: HeaderRebuild = { fields, outputs, tags: s.tags.map((t) => t.name) };
          const r = attempt(header, `${damage}; ${rebuildWords(rebuild)}`, rebuild);
          if (r.ok) return r;
          first ??= r;
        }
      }
    }
  }
  return first ?? { ok: false, reason: `${damage}, and no variant of dambord has a board with the squares its events name` };
}
