// A game's settings (host/game/settings.ts) and its config: the settings a game plays under,
// and what of a new config the settings choose.

import { parseTimeControl, timeControlTag } from './clock/clock.ts';
import type { GameConfig } from './game.ts';
import { policyNamed, withShowJumps } from './referee/policy.ts';
import { isLanguage } from '../words/catalogue.ts';
import type { SettingName, Settings } from './settings.ts';

/**
 * The settings `config` plays under: the players named ("?" left out), Event, Site and Round
 * as its tags give them, the time control as PDN writes it, the policy and the language.
 */
export function settingsOf(config: GameConfig): Settings {
  const tag = (name: string) => config.tags.find((t) => t.name === name)?.value;
  const given = (v: string | undefined) => (v === undefined || v === '?' || v === '-' ? undefined : v);
  const s: { [K in SettingName]?: string } = {
    white: given(config.players.white), black: given(config.players.black),
    event: given(tag('Event')), site: given(tag('Site')), round: given(tag('Round')),
    'time-control': config.timeControl ? timeControlTag(config.timeControl) : undefined,
    policy: config.policy.name, lang: config.lang ?? 'en',
  };
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as Settings;
}

/** What of a game's config `settings` choose, the rest kept from `base`: the players, the policy (show jumps kept), the clock, the language. */
export function chosenBy(settings: Settings, base: GameConfig): Pick<GameConfig, 'players' | 'policy' | 'timeControl' | 'lang' | 'hints'> {
  const named = settings.policy === undefined ? null : policyNamed(settings.policy);
  const policy = named ? withShowJumps(named, base.policy.showJumps) : base.policy;
  const tc = settings['time-control'] === undefined ? null : parseTimeControl(settings['time-control']);
  return {
    players: { white: settings.white ?? '?', black: settings.black ?? '?' },
    policy,
    timeControl: tc?.ok && tc.tc.kind !== 'unknown' && tc.tc.kind !== 'untimed' ? tc.tc : null,
    lang: settings.lang !== undefined && isLanguage(settings.lang) ? settings.lang : (base.lang ?? 'en'),
    // Never in the tournament policy.
    hints: base.hints && policy.name !== 'tournament',
  };
}
