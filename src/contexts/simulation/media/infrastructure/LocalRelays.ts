import { MediaPortPool, type PortRange } from './MediaPortPool.js';
import type { MediaPorts, MediaRelay, MediaRelays } from './MediaRelays.js';
import type { RelayEvents, RelayOptions } from './relayTypes.js';
import { RtpRelay } from './RtpRelay.js';

/** Relays in this thread: RtpRelays on MediaPortPools (one pool per host and range). */
export class LocalRelays implements MediaRelays {
  readonly workers = 0;
  private readonly pools = new Map<string, MediaPortPool>();

  ports(host: string, range: PortRange, advertised: string | undefined): MediaPorts {
    const key = `${host}:${range.first}-${range.last}`;
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new MediaPortPool(host, range, advertised === undefined ? {} : { advertised });
      this.pools.set(key, pool);
    }
    return pool;
  }

  open(ports: readonly [MediaPorts, MediaPorts], options: RelayOptions, events: RelayEvents): Promise<MediaRelay> {
    return RtpRelay.open([ports[0] as MediaPortPool, ports[1] as MediaPortPool], options, events);
  }

  dispose(): Promise<void> {
    for (const pool of this.pools.values()) pool.dispose();
    this.pools.clear();
    return Promise.resolve();
  }
}
