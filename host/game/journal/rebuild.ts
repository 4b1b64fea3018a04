import { parseFen, variants, writeFen } from '../../../rules/index.ts';
import type { Variant } from '../../../rules/index.ts';
import type { Policy } from '../referee/types.ts';
import { JOURNAL_FORMAT } from './record.ts';
import type { JournalHeader, JournalRead } from './record.ts';

/** A replay of the journal from a header: ok when every journaled output is said again. */
type Attempt<R extends { ok: boolean }> = (header: JournalHeader, rebuilt: string) => R;

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
  const firstT = read.entries.length > 0 && read.entries[0].k === 'ev' ? read.entries[0].e.t : 0;
  // The referee is created before the first event: a t0 after it is damage.
  const t0 = s.t0 !== undefined && s.t0 <= firstT ? s.t0 : firstT;
  const outputs = read.entries.filter((e) => e.k === 'out').length;
  const check = outputs > 0 ? `checked against the ${outputs} output${outputs === 1 ? '' : 's'} the journal records` : 'nothing in the journal to check it against';
  const tags = s.tags.length > 0 ? `tags kept: ${s.tags.map((t) => t.name).join(', ')}` : 'no tag could be read';
  const field = (name: string, value: string, shown: boolean): string => `${name} ${value} (${shown ? 'as the damaged header shows it' : 'taken as default'})`;
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
            tags: s.tags,
            timeControl: null,
            created: s.created ?? 'unknown (the header was damaged)',
            t0,
          };
          const fields = [field('variant', variant.name, variant === salvagedVariant), field('start', start, start === found), field('policy', policy, policy === policyFound)];
          const r = attempt(header, `${damage}; the game was rebuilt from its events: ${fields.join(', ')}; ${check}; ${tags}`);
          if (r.ok) return r;
          first ??= r;
        }
      }
    }
  }
  return first ?? { ok: false, reason: `${damage}, and no variant of dambord has a board with the squares its events name` };
}
