// A game's settings as a club's file and the page give them: each checked as its option is, the
// page's object refused whole when any part of it is wrong, and a game's config read back.
import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../rules/index.ts';
import type { GameConfig } from './game.ts';
import { casual, tournament, withShowJumps } from './referee/policy.ts';
import { chosenBy, settingsOf } from './gameSettings.ts';
import { checkSettings, settingProblem } from './settings.ts';

const start = parseFen(variants.international, variants.international.startFen);
if (!start.ok) throw new Error(start.error.reason);
const config = (over: Partial<GameConfig> = {}): GameConfig => ({ start: start.position, policy: tournament, players: { white: '?', black: '?' }, tags: [], timeControl: null, hints: false, ...over });

describe('settingProblem: the same check as the options', () => {
  it('a name or tag is one line of 1 to 100 characters (PDN 3.0: a tag value is a string on the tag line)', () => {
    expect(settingProblem('white', 'Anna van Dijk')).toBeNull();
    expect(settingProblem('event', 'Ø'.repeat(100))).toBeNull();
    expect(settingProblem('site', '🙂'.repeat(100))).toBeNull(); // 100 characters, 200 UTF-16 units
    expect(settingProblem('event', 'x'.repeat(101))).toBe('--event has more than 100 characters');
    expect(settingProblem('black', '  ')).toBe('--black is empty');
    expect(settingProblem('round', '3\t1')).toMatch(/control character/);
    expect(settingProblem('white', 'Anna\u0085')).toMatch(/control character/);
    expect(settingProblem('white', 'Anna\ud800')).toMatch(/control character/);
  });

  it('a time control PDN reads, a policy and a language of dambord', () => {
    expect(settingProblem('time-control', '40/7200:3600')).toBeNull();
    expect(settingProblem('time-control', '90 min')).toMatch(/^the time control "90 min" is not one PDN knows/);
    // Why, in words, not parseTimeControl's code ("(syntax)", "--time-control: not-last" before).
    expect(settingProblem('time-control', '90 min')).toBe('the time control "90 min" is not one PDN knows: it is none of moves/seconds, seconds, seconds+increment and *seconds; e.g. 5400+30 or 40/7200:3600');
    const why = (tc: string) => /knows: (.*); e\.g\./.exec(settingProblem('time-control', tc) ?? '')?.[1];
    expect(why('3600:40/7200')).toBe('"3600" is the time for the rest of the game: no period may follow it');
    expect(why('40/7200::3600')).toBe('one of its periods is empty (a colon with nothing on one side)');
    expect(why(' ')).toBe('it is empty');
    expect(why('0/3600')).toBe('it is a period of no moves');
    expect(why('40/7200:0')).toBe('"0" gives no time: the flag would fall at once');
    expect(why('9000000')).toBe('it holds a number above 8640000 (100 days in seconds)');
    expect(why('laws:3600')).toBe('"laws", the time per move of the Standard Laws of Checkers, stands alone, with no other period');
    expect(settingProblem('policy', 'blind')).toBeNull();
    expect(settingProblem('policy', 'constructor')).toBe('unknown policy "constructor"; choose tournament, casual or blind');
    expect(settingProblem('lang', 'lv')).toBeNull();
    expect(settingProblem('lang', 'de')).toMatch(/^no language "de"/);
  });
});

describe('checkSettings: the page is a network input', () => {
  it('takes the known settings, an empty field left unset', () => {
    expect(checkSettings({ white: 'Anna', black: '', policy: 'casual' }, variants.international)).toEqual({ ok: true, settings: { white: 'Anna', policy: 'casual' } });
  });

  // Standard Laws 24: "At the end of five minutes (if the play has not been previously been made)
  // time must be called": the laws' time per move is English draughts', a request for it in
  // another variant is a bad request, as the command line refuses it.
  it('laws 24, 25: takes the time per move of the Standard Laws for an English game only', () => {
    expect(checkSettings({ 'time-control': 'laws' }, variants.english)).toEqual({ ok: true, settings: { 'time-control': 'laws' } });
    expect(checkSettings({ 'time-control': 'laws' }, variants.international)).toEqual({ ok: false, error: expect.stringMatching(/laws 24 and 25\), played in the english variant only, not in international/) });
    expect(checkSettings({ 'time-control': '5400+30' }, variants.english)).toEqual({ ok: true, settings: { 'time-control': '5400+30' } });
  });

  it('refuses anything else whole', () => {
    expect(checkSettings(null, variants.international)).toMatchObject({ ok: false });
    expect(checkSettings(['Anna'], variants.international)).toMatchObject({ ok: false });
    expect(checkSettings({ white: 'Anna', date: '2026.11.24' }, variants.international)).toEqual({ ok: false, error: 'no setting "date": the settings are white, black, event, site, round, time-control, policy, lang' });
    expect(checkSettings({ white: 'Anna', round: 3 }, variants.international)).toEqual({ ok: false, error: '"round" must be a string' });
    // JSON.parse makes "__proto__" an own key, as a request's body would.
    expect(checkSettings(JSON.parse('{"__proto__": {"white": "x"}}'), variants.international)).toMatchObject({ ok: false, error: expect.stringMatching(/^no setting "__proto__"/) });
  });
});

describe("a game's settings read back and chosen", () => {
  it('settingsOf leaves out what PDN writes as unknown', () => {
    const c = config({ players: { white: 'Anna', black: '?' }, tags: [{ name: 'Event', value: 'Club night' }, { name: 'Site', value: '?' }, { name: 'Round', value: '-' }], policy: casual, lang: 'nl' });
    expect(settingsOf(c)).toEqual({ white: 'Anna', event: 'Club night', policy: 'casual', lang: 'nl' });
  });

  it('chosenBy keeps the opponent\'s request to show jumps (FMJD 4.9) and gives no hints in the tournament policy', () => {
    const base = config({ policy: withShowJumps(casual), hints: true });
    const chosen = chosenBy({ white: 'Anna', policy: 'tournament', 'time-control': '5400+30' }, base);
    expect(chosen.players).toEqual({ white: 'Anna', black: '?' });
    expect(chosen.policy.name).toBe('tournament');
    expect(chosen.policy.showJumps).toBe(true);
    expect(chosen.hints).toBe(false);
    expect(chosen.timeControl).not.toBeNull();
    expect(chosenBy({ policy: 'casual' }, base)).toMatchObject({ hints: true, timeControl: null, lang: 'en' });
  });
});
