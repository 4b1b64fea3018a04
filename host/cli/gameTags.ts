// The scoresheet's tags that `dambord play` and `dambord event` give a game when it starts.

export type Tag = { name: string; value: string };

/**
 * The scoresheet's tags of a game started at `now` (besides White and Black): Event, Site,
 * Date and Round as PDN writes them ("?" unknown; Round "-" for a game outside any event). Date
 * is the day of `now` unless `o.date` gives it (a game recorded from its scoresheet). The clock
 * adds TimeControl.
 */
export function gameTags(o: { event?: string; site?: string; round?: string; date?: string }, now: Date): Tag[] {
  const two = (n: number) => String(n).padStart(2, '0');
  const tags: Tag[] = [
    { name: 'Event', value: o.event ?? '?' },
    { name: 'Site', value: o.site ?? '?' },
    { name: 'Date', value: o.date ?? `${now.getFullYear()}.${two(now.getMonth() + 1)}.${two(now.getDate())}` },
    { name: 'Round', value: o.round ?? (o.event === undefined ? '-' : '?') },
  ];
  return tags;
}
