// How a game ended, as its PDN writes it for other programs and for the scoresheet: PGN's
// supplemental Termination tag and a last comment in words.
//
// PDN 3.0 takes the Termination tag over from PGN (wiegerw/pdn, doc/pdntags.rst, "Game related
// tags": "Describes the reason for conclusion of the game, see [PGN]"). PGN 9.8.1 names the
// values readers know: "abandoned", "adjudication", "death", "emergency", "normal", "rules
// infraction", "time forfeit", "unterminated"; lichess and lidraughts export the same words. They
// say what kind of ending it was, not which rule: a resignation, an agreed draw and FMJD 6.1's
// repetition are all "normal". The rule, the article and who are said in the comment after the
// last move, in the scoresheet's language (`sheet.ended`: "The game is over, 0-2: resignation
// (article 7.2.1)."; a move not completed after time was called, by the Standard Laws' own time
// per move, names its law as the clock's words do: "(law 25)").
//
// The endings the rules name, as the Termination tag files them: FMJD 7.2.1 (Croatian, seed 000)
// "protivnik preda partiju s razlogom ili bez razloga" (resigns), 7.3.1 "oba igrača prihvate
// remis uzajamnim dogovorom" (a draw agreed), 7.3.2 a draw by the rules of article 6, 7.2.2 and
// 7.2.3 no move or no piece left: `normal`; 7.1.2.5 (Latvian, seed 002) "ir beidzies piešķirtais
// laika limits" (the time allowed ran out): `time forfeit`.

import type { Language } from '../words/catalogue.ts';
import { say } from '../words/catalogue.ts';
import { sayWords } from '../words/said.ts';
import type { GameState } from './game.ts';

/** PGN 9.8.1's Termination values (PGN standard, "Game conclusion"), which PDN 3.0 refers to. */
export type Termination = 'abandoned' | 'adjudication' | 'death' | 'emergency' | 'normal' | 'rules infraction' | 'time forfeit' | 'unterminated';

/**
 * How `result` ended the game, as PDN writes it: the Termination tag's value (`time forfeit` for
 * a flag fallen, FMJD 7.1.2.5, or a move not completed after time was called, the English laws
 * 24 and 25; `normal` for every ending of the rules: resignation, agreement, the draw rules,
 * no piece or no move left) and the comment after the last move that says it in `lang`, with
 * the result and the article (the law, for improper delay). Null for a game not over.
 *
 * @example gameEnding({ result: '0-2', reason: 'resignation', article: '7.2.1', said: resultReasonWords('resignation') }, 'en')
 *   // { termination: 'normal', comment: 'The game is over, 0-2: resignation (article 7.2.1).' }
 */
export function gameEnding(result: GameState['result'], lang: Language): { readonly termination: Termination; readonly comment: string } | null {
  if (!result) return null;
  const id = result.said?.id;
  const termination: Termination = id === 'log.time-ran-out' || id === 'log.improper-delay' ? 'time forfeit' : 'normal';
  const reason = result.said ? sayWords(lang, result.said) : result.reason;
  // Laws 24 and 25 of the Standard Laws of Checkers (seed 004): "if the play be not completed on
  // the expiry of another minute, the game shall be adjudged to be lost through improper delay";
  // named as the clock's words name them, laws (the rest of the sheet says article).
  const rulebook = id === 'log.improper-delay' ? 'laws' : 'articles';
  return { termination, comment: say(lang, 'sheet.ended', { result: result.result, reason, rulebook, article: result.article }) };
}
