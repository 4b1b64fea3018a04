// dambord flash: the command line and avrdude's real answers. No board is attached here, so
// the programming itself is not exercised; the command avrdude would run is checked instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchStandardFirmata } from '../../hardware/firmata/fetch.mjs';
import { firmwareHex } from './commands/flash.ts';
import { runCliBuffered as cli } from './testing.ts';


const avrdude = spawnSync('avrdude', ['-?'], { encoding: 'utf8' }).error === undefined;

describe('dambord flash', () => {
  it('ships a firmware image for each board size', () => {
    expect(existsSync(firmwareHex('10x10'))).toBe(true);
    expect(existsSync(firmwareHex('8x8'))).toBe(true);
  });

  it('runs avrdude for an ATmega328P through its bootloader, writing the committed image', async () => {
    const r = await cli(['flash', '--port', '/dev/ttyUSB0', '--board', '8x8', '--baud', '57600', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`avrdude -p atmega328p -c arduino -P /dev/ttyUSB0 -b 57600 -D -U flash:w:${firmwareHex('8x8')}:i`);
  });

  it('runs avrdude for an Arduino Mega 2560 through its STK500v2 bootloader, writing the fetched StandardFirmata (--firmata)', async () => {
    const fetched = fetchStandardFirmata();
    const r = await cli(['flash', '--firmata', '--port', '/dev/ttyACM0', '--dry-run']);
    if (!fetched.ok) {
      expect(r).toMatchObject({ code: 3, stderr: expect.stringContaining('could not be fetched') });
      return;
    }
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`avrdude -p atmega2560 -c wiring -P /dev/ttyACM0 -b 115200 -D -U flash:w:${fetched.hex.mega}:i`);
  });

  it('prints the avrdude command of a dry run without --port, PORT standing for the port, and says so (exit 0)', async () => {
    const r = await cli(['flash', '--dry-run']);
    expect(r).toEqual({
      code: 0,
      stdout: `avrdude -p atmega328p -c arduino -P PORT -b 115200 -D -U flash:w:${firmwareHex('10x10')}:i\n`,
      stderr: "dambord flash: no --port given: PORT stands for the board's serial port (/dev/ttyUSB0 for a Nano; ls /dev/ttyUSB* /dev/ttyACM*)\n",
    });
  });

  it('says what to do when the port is missing or does not exist', async () => {
    expect(await cli(['flash'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--port is missing') });
    expect(await cli(['flash', '--port', '/dev/dambord-none'])).toMatchObject({ code: 3, stderr: expect.stringContaining('there is no serial port /dev/dambord-none') });
    expect(await cli(['flash', '--port', '/dev/ttyUSB0', '--board', '12x12'])).toMatchObject({ code: 2 });
  });

  it('reports avrdude failing on a port that is not a board', async () => {
    const r = await cli(['flash', '--port', '/dev/null']);
    if (avrdude) expect(r).toMatchObject({ code: 1, stderr: expect.stringContaining('avrdude failed') });
    else expect(r).toMatchObject({ code: 3, stderr: expect.stringContaining('avrdude is not installed') });
  });
});
