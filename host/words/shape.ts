// The shape of an ICU message: the arguments it takes and the keys of its selects. Every
// language's message must take what English's does, so that the code that fills them in is the
// same for all; plurals are the language's own (Polish has `few` and `many`, English has not).

import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** An argument and, for a select, its option keys (sorted); plain and plural arguments have none. */
export type Shape = Readonly<Record<string, readonly string[] | null>>;

/** The arguments of `message` and the keys of each select among them. */
export function shapeOf(message: string): Shape {
  const out: Record<string, string[] | null> = {};
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const e of elements) {
      if (e.type === TYPE.argument || e.type === TYPE.number) out[e.value] ??= null;
      else if (e.type === TYPE.select) {
        out[e.value] = [...new Set([...(out[e.value] ?? []), ...Object.keys(e.options)])].sort();
        for (const o of Object.values(e.options)) walk(o.value);
      } else if (e.type === TYPE.plural) {
        out[e.value] ??= null;
        for (const o of Object.values(e.options)) walk(o.value);
      } else if (e.type === TYPE.tag) walk(e.children);
    }
  };
  walk(parse(message));
  return out;
}
