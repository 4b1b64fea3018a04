// The articles each variant cites, by the rule that cites them: every irregularity, ending and
// rule of handling has one, and the two irregularities only some rulebooks know come with the
// rule of capture by hand that lays them down.
import { describe, expect, it } from 'vitest';
import { variants } from './index.ts';

describe('the articles of each variant', () => {
  it.each(Object.values(variants))('$name cites an article for every irregularity, ending and rule of handling', (v) => {
    const articles = [...Object.values(v.irregularities), ...Object.values(v.endings), ...Object.values(v.handling)];
    expect(articles.length).toBe(14 + 1 + 4 + 3);
    for (const a of articles) expect(a).toMatch(/^\d+(\.\d+)*$/);
  });

  it('FMJD 4.11, 4.9 and Czech cl. 4.11, 4.9 lay down the order of removal and the showing of jumps; the Laws (8, 11) do not', () => {
    for (const v of [variants.international, variants.brazilian, variants.russian, variants.czech]) {
      expect(v.captureHands.removalOrder, v.name).toEqual({ article: '4.11' });
      expect(v.captureHands.jumpsOnRequest, v.name).toEqual({ article: '4.9' });
    }
    expect(variants.english.captureHands.removalOrder).toBeNull();
    expect(variants.english.captureHands.jumpsOnRequest).toBeNull();
  });

  it('FMJD 5.4.13 tells a capture stopped where it could go on from one let go (5.4.9); Czech cl. 5.4.9 and Laws 9 do not', () => {
    expect(variants.international.irregularities['capture-stopped-continuable']).toBe('5.4.13');
    expect(variants.international.irregularities['capture-stopped']).toBe('5.4.9');
    for (const v of [variants.czech, variants.english]) expect(v.irregularities['capture-stopped-continuable'], v.name).toBe(v.irregularities['capture-stopped']);
  });

  it('FMJD 7.2.1-7.2.3 and 7.3.1, Czech cl. 7.2.1-7.2.3 and 7.3.1, Laws 22-23: the endings', () => {
    const fmjd = { noPieces: '7.2.3', blocked: '7.2.2', resign: '7.2.1', drawAgreed: '7.3.1' };
    for (const v of [variants.international, variants.brazilian, variants.russian, variants.czech]) expect(v.endings, v.name).toEqual(fmjd);
    expect(variants.english.endings).toEqual({ noPieces: '23', blocked: '23', resign: '23', drawAgreed: '22' });
  });
});
