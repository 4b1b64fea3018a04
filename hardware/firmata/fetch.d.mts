// Types of fetch.mjs (a plain .mjs so that it runs with node alone, before any install of tsx).

export declare const PACKAGE: string;
export declare const BOARDS: readonly ['mega', 'uno'];
export declare const CACHE_DIR: string;
export declare function hexPath(board: 'mega' | 'uno'): string;
export declare function fetchStandardFirmata():
  | { ok: true; hex: Record<'mega' | 'uno', string>; fetched: boolean }
  | { ok: false; error: string };
