import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { sameNetwork, sipPortHolder, type SipNetwork } from './NodePorts.js';

/** Which wizard run made an object, and from which profile (metaData nodeWizard, as the real product records it). */
export interface WizardProvenance {
  readonly run: string;
  readonly preset: string;
}

/**
 * The objects a node wizard is about to create (and the existing objects it changes), checked as they are
 * added: display names unique within their sort, listening ports free on their network. Nothing is stored
 * here; the use case saves `created` and `modified` once `check()` finds nothing wrong.
 */
export class WizardPlan {
  readonly created: ConfigObject[] = [];
  readonly modified: ConfigObject[] = [];
  private readonly ports: Array<{ network: SipNetwork; port: number; owner: string }> = [];

  constructor(
    readonly lab: LabId,
    readonly graph: GraphView,
    private readonly newId: () => string,
    readonly provenance: WizardProvenance,
  ) {}

  /** A new object of the sort: catalog defaults, the given values, wizard provenance in its metadata. */
  add(
    sort: ObjectSort,
    displayName: string,
    parameters: { [name: string]: ParameterValue } = {},
    references: { [slot: string]: string[] } = {},
    nameField = 'displayName',
  ): ConfigObject {
    const name = displayName.trim();
    const taken =
      this.graph.byDisplayName(sort, name) ?? this.created.find((o) => o.sort === sort && o.displayName === name);
    if (taken) {
      throw DomainError.conflict(
        'DISPLAY_NAME_TAKEN',
        `a ${sort} object (${taken.id}) is already named '${name}'; choose another ${nameField}`,
        [{ field: nameField, rule: 'unique', message: `the ${sort} name '${name}' is taken` }],
      );
    }
    const refs = Object.fromEntries(Object.entries(references).filter(([, ids]) => ids.length > 0));
    const completed = ObjectRules.complete(sort, undefined, parameters, refs);
    const object = ConfigObject.create(this.lab, {
      id: this.newId(),
      sort,
      displayName: name,
      ...completed,
      metadata: { nodeWizard: { id: this.provenance.run, preset: this.provenance.preset, compatibility: '1' } },
    });
    this.created.push(object);
    return object;
  }

  /** An existing object the wizard changes (a routing domain the node joins). */
  change(object: ConfigObject): void {
    this.modified.push(object);
  }

  /** Claims a listening port on a network: 409 PORT_IN_USE naming the node (or transport) that holds it. */
  claimPort(network: SipNetwork, port: number, field: string, owner: string): void {
    const planned = this.ports.find((p) => p.port === port && sameNetwork(p.network, network));
    const holder = planned ? planned.owner : sipPortHolder(this.graph, network, port);
    if (holder) {
      throw DomainError.conflict(
        'PORT_IN_USE',
        `port ${port} is already used by ${holder} on the same network controller; choose another ${field}`,
        [{ field, rule: 'unique', message: `port ${port} is held by ${holder}` }],
      );
    }
    this.ports.push({ network, port, owner });
  }

  sortOf = (id: string): ObjectSort | undefined =>
    this.created.find((o) => o.id === id)?.sort ?? this.graph.get(id)?.sort;

  /** Everything the sort catalog refuses in what would be stored (400 OBJECT_INVALID naming sort and field). */
  check(): void {
    const details: ErrorDetail[] = [];
    for (const object of [...this.created, ...this.modified]) {
      for (const detail of ObjectRules.check(object.snapshot(), this.sortOf)) {
        details.push({ ...detail, message: `${object.sort} '${object.displayName}': ${detail.message}` });
      }
    }
    if (details.length > 0) {
      throw DomainError.invalid(
        'OBJECT_INVALID',
        `the node cannot be created: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
  }
}
