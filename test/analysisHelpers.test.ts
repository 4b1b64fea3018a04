// The play page's analysis panel's pure helpers (host/web/static/analysis.js), run in Node: when
// the page offers the analysis (after the result; during the game except under the tournament
// policy, whose players see nothing of the engine), and a judged move as the panel lists it.
import { describe, expect, it } from 'vitest';
import type { PlayView } from '../host/game/types.ts';
import { finishedView } from '../host/web/testing/analysedGame.ts';
import { startView } from '../host/web/testing/playView.ts';

type Fn = (...args: never[]) => unknown;
const url = new URL('../host/web/static/analysis.js', import.meta.url).href;
const panel = (await import(/* @vite-ignore */ url)) as Record<string, Fn>;
const mayAnalyse = panel.mayAnalyse as (v: PlayView) => boolean;
const scoreWords = panel.scoreWords as (s: unknown) => string;
const plyHtml = panel.plyHtml as (p: unknown) => string;

describe('the analysis panel', () => {
  it('is offered after the result under every policy, and during the game except under the tournament policy (or none named)', () => {
    for (const policy of ['tournament', 'casual', 'blind']) expect(mayAnalyse(finishedView(policy)), policy).toBe(true);
    expect(mayAnalyse({ ...finishedView('tournament'), result: null })).toBe(false);
    expect(mayAnalyse({ ...finishedView('casual'), result: null })).toBe(true);
    expect(mayAnalyse({ ...finishedView('blind'), result: null })).toBe(true);
    expect(mayAnalyse(startView())).toBe(false);
  });

  it('says a score in men with its sign, a proven result in plies', () => {
    expect([scoreWords(0.45), scoreWords(-1.35), scoreWords(0), scoreWords({ win: 5 }), scoreWords({ loss: 1 }), scoreWords(null)]).toEqual(['+0.45', '−1.35', '0.00', 'win in 5 plies', 'loss in 1 ply', '?']);
  });

  it("lists a judged move with its number, mark (named for screen readers), scores and the better move; a player's text escaped", () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    expect(text(plyHtml({ ply: 18, color: 'white', move: '13-9', before: -0.1, after: -1.55, mark: '?', better: '24-19' }))).toBe('9… 13-9 ? (mistake) −0.10 → −1.55 24-19 was better');
    expect(text(plyHtml({ ply: 1, color: 'black', move: '12-16', before: 0.1, after: 0, mark: null, better: null }))).toBe('1. 12-16 +0.10 → 0.00');
    expect(plyHtml({ ply: 3, color: 'black', move: '<b>', before: null, after: null, mark: '??', better: null })).toContain('&#60;b&#62;');
  });
});
