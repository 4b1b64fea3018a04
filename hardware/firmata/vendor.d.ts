// Minimal types for the parts of johnny-five 2.1 and firmata-io 2.3 that dambord uses; neither
// package ships types. Extend as the Firmata board link grows.

declare module 'firmata-io' {
  import type { EventEmitter } from 'node:events';
  import type { Duplex } from 'node:stream';

  export interface FirmataOptions {
    reportVersionTimeout?: number;
    samplingInterval?: number;
    skipCapabilities?: boolean;
  }

  export class Firmata extends EventEmitter {
    constructor(transport: Duplex, options?: FirmataOptions, callback?: (err?: Error) => void);
    readonly isReady: boolean;
    readonly version: { major?: number; minor?: number };
    readonly firmware: { name?: string; version?: { major: number; minor: number } };
    readonly pins: readonly { supportedModes: readonly number[]; mode?: number; value?: number; analogChannel: number }[];
    /** The host's copy of each port's output bits (written whole by writeDigitalPort). */
    readonly ports: number[];
    readonly transport: Duplex;
    readonly analogPins: readonly number[];
    readonly MODES: Readonly<Record<string, number>>;
    readonly HIGH: 1;
    readonly LOW: 0;
    pinMode(pin: number, mode: number): void;
    digitalWrite(pin: number, value: 0 | 1): void;
    digitalRead(pin: number, callback: (value: 0 | 1) => void): void;
    reportDigitalPin(pin: number, value: 0 | 1): void;
    writeDigitalPort(port: number): void;
    reportVersion(callback: () => void): void;
    queryFirmware(callback: () => void): void;
    reset(): void;
  }

  interface BindTransport {
    (transport: unknown): typeof Firmata;
    Firmata: typeof Firmata;
  }
  const bindTransport: BindTransport;
  export default bindTransport;
}

declare module 'johnny-five' {
  import type { EventEmitter } from 'node:events';

  export interface BoardOptions {
    io?: unknown;
    port?: unknown;
    repl?: boolean;
    debug?: boolean;
    timeout?: number;
    id?: string;
    /** Whether johnny-five installs its own SIGINT handler that exits the process (default true). */
    sigint?: boolean;
  }

  export class Board extends EventEmitter {
    constructor(options?: BoardOptions);
    readonly isReady: boolean;
    readonly io: import('firmata-io').Firmata;
    pinMode(pin: number, mode: number): this;
    digitalRead(pin: number, callback: (value: 0 | 1) => void): this;
    digitalWrite(pin: number, value: 0 | 1): this;
  }

  export interface SwitchOptions {
    pin: number | string;
    board: Board;
    type?: 'NO' | 'NC';
    invert?: boolean;
  }

  export class Switch extends EventEmitter {
    constructor(options: SwitchOptions);
    readonly isOpen: boolean;
    readonly isClosed: boolean;
    readonly value: number;
  }

  export interface MatrixOptions {
    pins: { data: number; clock: number; cs: number };
    board: Board;
    devices?: number;
  }

  /** Led.Matrix (LedControl for a MAX7219 in matrix mode). */
  export class Matrix {
    constructor(options: MatrixOptions);
    row(row: number, value: number): this;
    led(row: number, col: number, state: 0 | 1): this;
    clear(): this;
  }

  export class Piezo {
    constructor(options: { pin: number; board: Board });
    frequency(hz: number, ms: number): this;
    noTone(): this;
    readonly isPlaying: boolean;
  }

  const five: { Board: typeof Board; Switch: typeof Switch; Led: { Matrix: typeof Matrix }; Piezo: typeof Piezo };
  export default five;
}
