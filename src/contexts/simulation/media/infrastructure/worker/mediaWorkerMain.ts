/**
 * A media worker (see MediaWorker): RtpRelays and the port pools they draw on, in a thread of their own, so the
 * packet path never waits for the signalling thread (nor it for the packets). Control arrives as messages, in the
 * order the signalling thread sent them; counters go to the shared slots; events go back as messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PeerWhitelist } from '../../../sip/domain/PeerWhitelist.js';
import { MediaPortPool } from '../MediaPortPool.js';
import { MediaPortsUnavailable } from '../MediaPortsUnavailable.js';
import { RtpRelay } from '../RtpRelay.js';
import type { SideFigures } from '../relayTypes.js';
import { CounterSlots } from './CounterSlots.js';
import type { Failure, FromMediaWorker, MediaWorkerData, PoolSpec, ToMediaWorker } from './mediaWorkerMessages.js';

const port = parentPort!;
const data = workerData as MediaWorkerData;
const slots = new CounterSlots(data.counters);
const pools = new Map<string, MediaPortPool>();
const relays = new Map<number, RtpRelay>();
/** Packets the whitelists refused, per relay and side, told in one message per turn of the event loop. */
const refused = new Map<number, [number, number]>();
let refusalsDue = false;

const tell = (message: FromMediaWorker): void => port.postMessage(message);

function failureOf(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof MediaPortsUnavailable ? { reason: error.reason, message } : { message };
}

function pool(spec: PoolSpec): MediaPortPool {
  let found = pools.get(spec.key);
  if (!found) {
    found = new MediaPortPool(
      spec.host,
      { first: spec.first, last: spec.last },
      {
        advertised: spec.advertised,
        ...(data.bufferBytes === undefined ? {} : { bufferBytes: data.bufferBytes }),
        ...(spec.share ? { share: spec.share } : {}),
      },
    );
    pools.set(spec.key, found);
  }
  return found;
}

function countRefusal(id: number, side: 0 | 1): void {
  const counts = refused.get(id) ?? [0, 0];
  counts[side] += 1;
  refused.set(id, counts);
  if (refusalsDue) return;
  refusalsDue = true;
  setImmediate(() => {
    refusalsDue = false;
    for (const [relay, [first, second]] of refused) {
      if (first > 0) tell({ type: 'refused', id: relay, side: 0, packets: first });
      if (second > 0) tell({ type: 'refused', id: relay, side: 1, packets: second });
    }
    refused.clear();
  });
}

async function open(message: Extract<ToMediaWorker, { type: 'open' }>): Promise<void> {
  const { id, slot } = message;
  const sink = {
    update(sides: readonly [SideFigures, SideFigures]) {
      slots.begin(slot);
      slots.write(slot, 0, sides[0]);
      slots.write(slot, 1, sides[1]);
      slots.end(slot);
    },
  };
  try {
    const relay = await RtpRelay.open(
      [pool(message.pools[0]), pool(message.pools[1])],
      { timeoutMs: message.timeoutMs, armed: message.armed, latch: message.latch, sink },
      {
        timeout: () => tell({ type: 'timeout', id }),
        digit: (side, digit) => tell({ type: 'digit', id, side, digit: digit.digit, at: digit.at }),
        latched: (side, source, rtcp) =>
          tell({ type: 'latched', id, side, host: source.host, port: source.port, rtcp }),
      },
    );
    relays.set(id, relay);
    tell({ type: 'opened', id, ports: [relay.local(0).port, relay.local(1).port] });
  } catch (error) {
    tell({ type: 'openFailed', id, failure: failureOf(error) });
  }
}

async function move(message: Extract<ToMediaWorker, { type: 'move' }>): Promise<void> {
  const relay = relays.get(message.id);
  const { id, side } = message;
  try {
    if (!relay) throw new Error('the relay is closed');
    await relay.moveSide(side, pool(message.pool));
    tell({ type: 'moved', id, side, port: relay.local(side).port });
  } catch (error) {
    tell({ type: 'moveFailed', id, side, failure: failureOf(error) });
  }
}

/** Messages about one relay wait for its `open` to finish (binding is asynchronous); others are handled at once. */
const pending = new Map<number, Promise<void>>();

function handle(message: ToMediaWorker): void {
  if (message.type === 'dispose') {
    for (const p of pools.values()) p.dispose();
    pools.clear();
    tell({ type: 'disposed' });
    return;
  }
  if (message.type === 'open') {
    pending.set(message.id, open(message));
    return;
  }
  const before = pending.get(message.id) ?? Promise.resolve();
  const next = before.then(() => apply(message));
  pending.set(message.id, next);
  if (message.type === 'close') void next.then(() => pending.delete(message.id));
}

function apply(message: Exclude<ToMediaWorker, { type: 'open' | 'dispose' }>): Promise<void> | void {
  const relay = relays.get(message.id);
  switch (message.type) {
    case 'close':
      relay?.close();
      relays.delete(message.id);
      refused.delete(message.id);
      tell({ type: 'closed', id: message.id });
      return;
    case 'move':
      return move(message);
    case 'remote':
      try {
        relay?.setRemote(message.side, { host: message.host, port: message.port }, message.newPeer);
      } catch {
        /* the signalling thread checked the relay's own addresses before sending */
      }
      return;
    case 'clockRates':
      relay?.setClockRates(new Map(message.rates));
      return;
    case 'telephoneEvents':
      relay?.setTelephoneEvents(message.side, new Set(message.types));
      return;
    case 'admit': {
      const { id, side } = message;
      const whitelist = message.whitelist === null ? undefined : PeerWhitelist.of(message.whitelist);
      relay?.admitFrom(side, (host) => {
        if (whitelist === undefined || whitelist.accepts(host)) return true;
        countRefusal(id, side);
        return false;
      });
      return;
    }
    case 'arm':
      relay?.arm();
      return;
  }
}

port.on('message', handle);
