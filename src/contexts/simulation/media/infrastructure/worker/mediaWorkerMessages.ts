/**
 * What the signalling thread and a media worker tell each other (structured clones over the worker's port). Control
 * goes to the worker in order: a relay's `open` before its other messages, its `close` last. The worker answers an
 * `open` and a `move`, and tells events: a peer latched, a DTMF digit, a media timeout, packets the whitelist
 * refused, a relay closed. Counters do not travel here: they are in the shared counter slots (CounterSlots).
 */
import type { PlanPeerWhitelist } from '../../../../configuration/index.js';
import type { CounterMemory } from './CounterSlots.js';

/** A port range as the worker opens a pool for it (pools with one key are one pool). */
export interface PoolSpec {
  readonly key: string;
  readonly host: string;
  readonly first: number;
  readonly last: number;
  readonly advertised: string;
  /** This worker's share of the range: the pairs whose index modulo `of` is `index` (several workers, one range). */
  readonly share?: { readonly index: number; readonly of: number };
}

export interface MediaWorkerData {
  readonly counters: CounterMemory;
  /** The kernel buffer each relay socket asks for (0: the host's default). */
  readonly bufferBytes?: number;
}

export type ToMediaWorker =
  | {
      readonly type: 'open';
      readonly id: number;
      readonly slot: number;
      readonly pools: readonly [PoolSpec, PoolSpec];
      readonly timeoutMs: number;
      readonly armed: boolean;
      readonly latch: boolean;
    }
  | {
      readonly type: 'remote';
      readonly id: number;
      readonly side: 0 | 1;
      readonly host: string;
      readonly port: number;
      readonly newPeer: boolean;
    }
  | { readonly type: 'clockRates'; readonly id: number; readonly rates: readonly (readonly [number, number])[] }
  | { readonly type: 'telephoneEvents'; readonly id: number; readonly side: 0 | 1; readonly types: readonly number[] }
  /** `whitelist` null: every source is heard on the side. */
  | { readonly type: 'admit'; readonly id: number; readonly side: 0 | 1; readonly whitelist: PlanPeerWhitelist | null }
  | { readonly type: 'arm'; readonly id: number }
  | { readonly type: 'move'; readonly id: number; readonly side: 0 | 1; readonly pool: PoolSpec }
  | { readonly type: 'close'; readonly id: number }
  | { readonly type: 'dispose' };

/** Why a pair could not be had: MediaPortsUnavailable's reason, or none for another failure. */
export interface Failure {
  readonly reason?: 'range' | 'files';
  readonly message: string;
}

export type FromMediaWorker =
  | { readonly type: 'opened'; readonly id: number; readonly ports: readonly [number, number] }
  | { readonly type: 'openFailed'; readonly id: number; readonly failure: Failure }
  | { readonly type: 'moved'; readonly id: number; readonly side: 0 | 1; readonly port: number }
  | { readonly type: 'moveFailed'; readonly id: number; readonly side: 0 | 1; readonly failure: Failure }
  | {
      readonly type: 'latched';
      readonly id: number;
      readonly side: 0 | 1;
      readonly host: string;
      readonly port: number;
      readonly rtcp: boolean;
    }
  | { readonly type: 'digit'; readonly id: number; readonly side: 0 | 1; readonly digit: string; readonly at: number }
  | { readonly type: 'timeout'; readonly id: number }
  | { readonly type: 'refused'; readonly id: number; readonly side: 0 | 1; readonly packets: number }
  | { readonly type: 'closed'; readonly id: number }
  | { readonly type: 'disposed' };
