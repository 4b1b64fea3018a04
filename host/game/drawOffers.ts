// Draw offers on the scoresheet (FMJD 7.3.1, a draw by agreement): an offer stands until the
// opponent declines it, at once or by moving, or offers a draw in turn, which accepts it. The same notes
// while the game is played (step.ts) and when a resume writes the scoresheet again from the
// journal, where an offer is a note between the referee's outputs.

import type { Color } from '../../rules/index.ts';
import { opposite } from '../../rules/index.ts';
import { outRecord } from './journal/record.ts';
import type { JournalEntry } from './journal/record.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import { addNote, record } from './referee/record.ts';
import type { Scoresheet } from './referee/record.ts';
import type { RefereeOutput } from './referee/types.ts';

/** What the scoresheet says of draw offers. */
export const drawNotes = {
  offered: (by: Color, lang: Language = 'en'): string => say(lang, 'sheet.draw.offered', { side: by }),
  declined: (by: Color, offer: Color, lang: Language = 'en'): string => say(lang, 'sheet.draw.declined', { side: by, offer }),
  accepted: (by: Color, offer: Color, lang: Language = 'en'): string => say(lang, 'sheet.draw.accepted', { side: by, offer }),
};

/** The journal's note of an offer. */
export const offerNote = (by: Color): string => `${by} offers a draw`;

/** The journal's note of an offer declined at once (not by playing on), by the side offered. */
export const declineNote = (by: Color): string => `${by} declines the draw`;

/** What a journal note records of draw offers: the side that offered or declined, or null for another note. */
function offerOf(text: string): { by: Color; declines: boolean } | null {
  const m = /^(white|black) (offers a draw|declines the draw)$/.exec(text);
  return m ? { by: m[1] as Color, declines: m[2] === 'declines the draw' } : null;
}

/** `text` first among the comments of the first move of `side` from item `from` on: the move that declined an offer. */
export function declinedOn(sheet: Scoresheet, from: number, side: Color, text: string): Scoresheet {
  const items = [...sheet.items];
  for (let at = Math.max(0, from); at < items.length; at++) {
    const item = items[at];
    if (item.kind !== 'move' || item.setup || item.side !== side) continue;
    items[at] = { ...item, comments: [text, ...item.comments] };
    return { ...sheet, items };
  }
  return sheet;
}

/**
 * The scoresheet of a resumed game: the referee's `outputs` recorded as the game recorded them,
 * with the draw offers the journal's `entries` noted between them, each declined by the
 * opponent's next move or accepted by the draw agreed; and the offer still standing.
 */
export function recordWithOffers(sheet: Scoresheet, outputs: readonly RefereeOutput[], entries: readonly JournalEntry[]): { sheet: Scoresheet; drawOffer: Color | null } {
  // Each offer comes after as many of the journal's outputs as precede its note.
  const offers: { after: number; by: Color; declines: boolean }[] = [];
  let outs = 0;
  for (const e of entries) {
    if (e.k === 'out') outs++;
    const note = e.k === 'note' ? offerOf(e.text) : null;
    if (note) offers.push({ after: outs, ...note });
  }
  let s = sheet;
  let offer: Color | null = null;
  let group: RefereeOutput[] = [];
  const flush = (): void => {
    const from = s.items.length;
    s = record(s, group);
    for (const o of group) {
      if (o.type === 'move' && offer && o.side !== offer) {
        s = declinedOn(s, from, o.side, drawNotes.declined(o.side, offer, s.lang));
        offer = null;
      }
      if (o.type === 'result' && o.reason === 'agreement' && offer) {
        s = addNote(s, drawNotes.accepted(opposite(offer), offer, s.lang));
        offer = null;
      }
    }
    group = [];
  };
  const offered = ({ by, declines }: { by: Color; declines: boolean }): void => {
    flush();
    if (declines) {
      if (offer && offer !== by) s = addNote(s, drawNotes.declined(by, offer, s.lang));
      offer = null;
      return;
    }
    if (offer !== by) s = addNote(s, drawNotes.offered(by, s.lang));
    offer = by;
  };
  let journaled = 0;
  for (const o of outputs) {
    while (offers.length > 0 && offers[0].after <= journaled) offered(offers.shift()!);
    group.push(o);
    if (outRecord(o)) journaled++;
  }
  for (const o of offers) offered(o);
  flush();
  return { sheet: s, drawOffer: offer };
}
