// `dambord digitise --guide SHEET [--game N]`: the sheet read to guide the game on the board, the
// header's defaults it gives (its tags), and what the terminal says of it as the game goes on.

import type { Position, Variant } from '../../rules/index.ts';
import { normaliseResult } from '../../rules/index.ts';
import type { Guide } from '../game/guide.ts';
import { createGuide } from '../game/guide.ts';
import { EXIT } from './command.ts';
import type { Io } from './command.ts';
import type { Tag } from './gameTags.ts';
import { readText } from './input.ts';
import { guideSheet } from './sheetGame.ts';
import { checkDate } from '../../rules/index.ts';
import type { Players, SheetHeader } from './sheetInput.ts';

/** A sheet that guides the game: where it starts, the guide, and what its tags say. */
export interface GuideSheet {
  readonly variant: Variant;
  readonly start: Position;
  readonly guide: Guide;
  /** Event, Site, Date and Round as its tags give them (a Date PDN does not read, or `?`, left out). */
  readonly header: SheetHeader;
  readonly players: Partial<Players>;
  /** Its result as the variant writes it; null when it gives none (`*`). */
  readonly result: string | null;
  /** Its other tags, kept in the game recorded (not the header's, nor those the scoresheet writes itself). */
  readonly tags: readonly Tag[];
  /** `file` or `file, game N`, for messages. */
  readonly name: string;
}

/** The tags a recorded game writes itself, or asks for: not copied from the sheet. */
const OWN_TAGS = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'GameType', 'FEN', 'SetUp', 'PlyCount'];

/**
 * Game `wanted` of `--guide file` read in `variant` (its tags' or guessed from its moves
 * when null), or the exit code once the reason is said on stderr: a game that is not there, or
 * is not a scoresheet (exit 2), a file that cannot be read (exit 3).
 */
export async function readGuideSheet(file: string, wanted: number, variant: Variant | null, io: Io): Promise<GuideSheet | number> {
  const fail = (code: number, error: string): number => {
    io.stderr.write(`dambord digitise: ${error}\n`);
    return code;
  };
  const input = await readText(file, io);
  if (!input.ok) return fail(EXIT.io, input.error);
  const r = guideSheet(input.text, input.name, wanted, variant ? { variant } : {});
  if (!r.ok) return fail(EXIT.usage, r.error);
  const { sheet, tags } = r;
  const value = (name: string): string | undefined => {
    const t = tags.find((x) => x.name.toLowerCase() === name.toLowerCase())?.value.trim();
    return t && !/^[?.-]*$/.test(t) ? t : undefined;
  };
  const date = value('Date');
  const result = normaliseResult(value('Result') ?? '*', sheet.variant);
  return {
    variant: sheet.variant,
    start: sheet.start,
    guide: createGuide(sheet.start, sheet.written),
    header: { event: value('Event'), site: value('Site'), date: date && checkDate(date).ok ? date : undefined, round: value('Round') },
    players: { white: value('White'), black: value('Black') },
    result: result === '*' || result === '0-0' ? null : result,
    tags: tags.filter((t) => !OWN_TAGS.some((own) => own.toLowerCase() === t.name.toLowerCase())).map((t) => ({ name: t.name, value: t.value })),
    name: wanted === 1 ? input.name : `${input.name}, game ${wanted}`,
  };
}
