// A bounded sample of the broadcast's scale test (scale.ts; the full size is `npm run scale`):
// 8 simulated boards replaying real games on 2 `dambord event` hosts, mosquitto with passwords,
// one `dambord relay`, 100 viewers; a host killed and started again midway, then the broker
// restarted. Every viewer, every feed and every archive must hold every game exactly.

import { describe, expect, it } from 'vitest';
import { mosquittoAvailable } from '../../host/broadcast/testing/mosquitto.ts';
import { runScale } from './scale.ts';

const broker = mosquittoAvailable();
if (!broker.available) console.warn(`test/broadcast/scale.test.ts: skipped, ${broker.reason}`);

describe.skipIf(!broker.available)('the broadcast at scale: many hosts, a broker, a relay, many viewers', () => {
  it('8 boards on 2 hosts, 100 viewers, a host killed and restarted, the broker restarted: no move lost or doubled at any viewer, in any feed or archive', async () => {
    const report = await runScale({ boards: 8, hosts: 2, viewers: 100, speed: 30, maxPlies: 30, faults: true });
    expect(report.problems).toEqual([]);
    expect(report.moves).toBe(8 * 30);
    // The relay stayed up: no viewer had to reconnect, and each received the round, then every change the relay showed, once.
    expect(report.reconnects).toBe(0);
    expect(report.viewerEvents).toBe(100 * (report.relayChanges + 1));
  });
});
