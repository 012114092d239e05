import type { LabId } from '../domain/LabId.js';

/** The parameters of a gateway fault as its rule gives them (`node`, `lossPercent`, `jitterMs`, `loadPercent`). */
export type GatewayFaultParameters = Readonly<Record<string, string | number>>;

/** One gateway fault holding in a lab: the rule that holds it, its kind and its parameters. */
export interface HeldGatewayFault {
  readonly ruleId: string;
  readonly kind: string;
  readonly parameters: GatewayFaultParameters;
}

/**
 * Where a gateway fault reaches the context that owns what it breaks (multi-bound: each owning context binds one
 * per group of kinds it applies). The control context's fault rules decide which faults hold in a lab (windows,
 * expiry, removal) and call `hold` with every fault of the switch's kinds holding now, each time that set
 * changes (an empty list: none holds any more). The owner applies them by decorating its own ports (the
 * simulator's transport, the license reads, the monitor's sinks, the resource readings), never by conditionals in
 * its domain. Called as work of the lab (LabScope), so the Clock reads the lab's time; it may be asynchronous
 * (a state written in the lab's store), and the rules wait for it before answering.
 */
export abstract class GatewayFaultSwitch {
  /** The fault kinds this switch applies. */
  abstract readonly kinds: readonly string[];
  /** Every fault of this switch's kinds holding in the lab now, in the order their rules were added. */
  abstract hold(lab: LabId, faults: readonly HeldGatewayFault[]): void | Promise<void>;
}
