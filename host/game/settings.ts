// The settings of a game that a club gives once (a configuration file) or the players set on the
// page before it: the players' names, the scoresheet's Event, Site and Round, the time control,
// the policy and the language. Both are inputs from outside, checked here the same way.

import type { Variant } from '../../rules/index.ts';
import { parseTimeControl } from './clock/clock.ts';
import { controlRefused } from './clock/laws.ts';
import { timeControlWhy } from './clock/timeControlWords.ts';
import { policyNamed } from './referee/policy.ts';
import { LANGUAGES, isLanguage } from '../words/catalogue.ts';

/** The settings by their option names (`--white`, `--time-control`...). */
export const SETTINGS = ['white', 'black', 'event', 'site', 'round', 'time-control', 'policy', 'lang'] as const;
export type SettingName = (typeof SETTINGS)[number];

/** The settings of a game, as text; a setting not given is absent. */
export type Settings = { readonly [K in SettingName]?: string };

/** The most characters a name or a tag may have (a scoresheet's line, a page's field). */
export const MAX_TAG_LENGTH = 100;

/** Control characters (a PDN tag is one line) and lone surrogates (not text). */
const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;

/**
 * What is wrong with `value` for the setting `name`, or null when it may be used: a name or tag
 * is 1 to 100 characters with no control character (PDN 3.0: a tag's value is one line); a time
 * control is one PDN reads (`5400+30`, `40/7200:3600`) and, with `variant`, one that variant is
 * played in (`laws`, the Standard Laws' time per move, in English draughts only); a policy and a
 * language are among dambord's. The message names the option (`--round`).
 *
 * @example settingProblem('white', 'Anna')       // null
 * @example settingProblem('policy', 'friendly')  // 'unknown policy "friendly"; choose tournament, casual or blind'
 */
export function settingProblem(name: SettingName, value: string, variant?: Variant): string | null {
  switch (name) {
    case 'time-control': {
      const tc = parseTimeControl(value);
      if (tc.ok) return variant ? controlRefused(tc.tc, variant) : null;
      return `the time control "${value}" is not one PDN knows: ${timeControlWhy(value, tc)}; e.g. 5400+30 or 40/7200:3600`;
    }
    case 'policy':
      return policyNamed(value) ? null : `unknown policy "${value}"; choose tournament, casual or blind`;
    case 'lang':
      return isLanguage(value) ? null : `no language "${value}": choose one of ${LANGUAGES.join(', ')}`;
    default:
      if (value.trim() === '') return `--${name} is empty`;
      if ([...value].length > MAX_TAG_LENGTH) return `--${name} has more than ${MAX_TAG_LENGTH} characters`;
      return NOT_TEXT.test(value) ? `--${name} holds a control character; a scoresheet's tag is one line of text` : null;
  }
}

/**
 * A game's settings sent from outside (the page) for a game of `variant`: an object whose keys
 * are {@link SETTINGS}, each a string checked by {@link settingProblem} (a time control the
 * variant is not played in refused too); an empty string or an absent key leaves the setting
 * unset (a name "?", no clock). Any other key, type or value is refused.
 *
 * @example checkSettings({ white: 'Anna', policy: 'casual' }, variants.international) // { ok: true, settings: { white: 'Anna', policy: 'casual' } }
 * @example checkSettings({ white: 7 }, variants.international)                        // { ok: false, error: '"white" must be a string' }
 */
export function checkSettings(x: unknown, variant: Variant): { ok: true; settings: Settings } | { ok: false; error: string } {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return { ok: false, error: `"settings" must be an object with any of ${SETTINGS.join(', ')}` };
  const settings: { [K in SettingName]?: string } = {};
  for (const [key, value] of Object.entries(x)) {
    if (!(SETTINGS as readonly string[]).includes(key)) return { ok: false, error: `no setting "${key}": the settings are ${SETTINGS.join(', ')}` };
    if (typeof value !== 'string') return { ok: false, error: `"${key}" must be a string` };
    if (value === '') continue;
    const problem = settingProblem(key as SettingName, value, variant);
    if (problem !== null) return { ok: false, error: problem };
    settings[key as SettingName] = value;
  }
  return { ok: true, settings };
}
