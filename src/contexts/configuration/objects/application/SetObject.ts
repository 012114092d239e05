import { inject, injectable } from 'inversify';
import { DomainError, StaleVersionError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import {
  ConfigObject,
  DEFAULT_COMMON,
  type CommonParameters,
  type ParameterValue,
} from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { requireObjectId } from './objectIds.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';

/** What a set request changes; everything left out keeps its current value (or its default, for a new object). */
export interface ObjectChange {
  /** Required to create an object; when the object exists it must be its sort (sorts never change). */
  readonly sort?: ObjectSort;
  readonly displayName?: string;
  readonly common?: Partial<CommonParameters>;
  readonly parameters: { readonly [name: string]: ParameterValue };
  /** Non-derived reference slots given; an empty list clears the slot. Ids in canonical form. */
  readonly references: { readonly [slot: string]: readonly string[] };
  readonly note?: string;
  /**
   * The version the client read (metaData.anynodefe.version): the change applies only while the object still
   * has it, else 409. Undefined: applied unconditionally. 0: only if the object does not exist yet.
   */
  readonly expectedVersion?: number;
  /** What the edge could not read (values of the wrong type, unknown members), reported with the use case's own findings. */
  readonly problems?: readonly ErrorDetail[];
}

/** Turns the request into a change once the current object (or its absence) is known, inside the write unit. */
export type ChangeReader = (current: ConfigObject | undefined) => ObjectChange;

/**
 * Writes one object (not recursive): merges the change into the current object, or creates the object when
 * the id names none and the change names a sort, then checks the result against the sort catalog and the graph
 * (types, ranges, enum values, references to existing objects of an allowed sort, required references) and
 * that no other object of the sort has its display name. Nothing is stored unless everything holds.
 */
@injectable()
export class SetObject {
  constructor(
    @inject(WorkingConfiguration) private readonly writes: WorkingConfiguration,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, idText: string, read: ChangeReader): Promise<ConfigObject> {
    const id = requireObjectId(idText);
    return this.writes.run(lab, async () => {
      const current = await this.objects.find(lab, id);
      const change = read(current);
      checkVersion(id, current, change.expectedVersion);
      const sort = current?.sort ?? change.sort;
      if (!sort) {
        if (change.problems?.length) throw invalidObject(change.sort ?? 'object', change.problems);
        throw new DomainError(
          'OBJECT_NOT_FOUND',
          'not_found',
          `Object '${id}' does not exist; to create it, give its sort in the body`,
        );
      }
      if (current && change.sort && change.sort !== current.sort) {
        throw DomainError.invalid(
          'SORT_IMMUTABLE',
          `object ${id} is a ${current.sort}; its sort cannot change to ${change.sort}`,
          [{ field: 'sort', rule: 'immutable', message: `sort must stay ${current.sort}` }],
        );
      }
      const displayName = (change.displayName ?? current?.displayName ?? '').trim();
      if (displayName === '') {
        throw DomainError.invalid('DISPLAY_NAME_REQUIRED', 'an object needs a non-empty displayName', [
          { field: 'displayName', rule: 'required', message: 'displayName must not be empty' },
        ]);
      }
      const { parameters, references } = ObjectRules.complete(
        sort,
        current?.snapshot(),
        change.parameters,
        change.references,
      );
      const next = new ConfigObject(lab, {
        id,
        sort,
        displayName,
        parameters,
        references,
        common: { ...(current?.common ?? DEFAULT_COMMON), ...(change.common ?? {}) },
        note: change.note ?? current?.note ?? '',
        metadata: current?.metadata ?? {},
        version: current?.version ?? 0,
      });
      const graphSorts = await this.sortsOf(lab, ObjectRules.referencedIds(next.snapshot()));
      const details = [...(change.problems ?? []), ...ObjectRules.check(next.snapshot(), (ref) => graphSorts.get(ref))];
      if (details.length > 0) throw invalidObject(sort, details);
      const namesake = await this.objects.findByDisplayName(lab, sort, displayName);
      if (namesake && namesake.id !== id) {
        throw DomainError.conflict(
          'DISPLAY_NAME_TAKEN',
          `another ${sort} object (${namesake.id}) is already named '${displayName}'`,
          [{ field: 'displayName', rule: 'unique', message: `displayName must be unique among ${sort} objects` }],
        );
      }
      if (current && sameObject(current, next)) return current;
      await this.writes.beforeChange(lab);
      await this.objects.save(next);
      return (await this.objects.find(lab, id))!;
    });
  }

  /** The sorts of the objects an object refers to (only those are looked up, not the whole graph). */
  private async sortsOf(lab: LabId, ids: readonly string[]): Promise<Map<string, ObjectSort>> {
    const sorts = new Map<string, ObjectSort>();
    for (const ref of ids) {
      if (canonicalObjectId(ref) !== ref) continue;
      const found = await this.objects.find(lab, ref);
      if (found) sorts.set(ref, found.sort);
    }
    return sorts;
  }
}

function invalidObject(sort: string, details: readonly ErrorDetail[]): DomainError {
  return DomainError.invalid(
    'OBJECT_INVALID',
    `the ${sort} object is invalid: ${details.map((d) => d.message).join('; ')}`,
    details,
  );
}

function checkVersion(id: string, current: ConfigObject | undefined, expected: number | undefined): void {
  if (expected === undefined) return;
  if (current ? current.version !== expected : expected !== 0) {
    throw new StaleVersionError('Object', id);
  }
}

function sameObject(a: ConfigObject, b: ConfigObject): boolean {
  return JSON.stringify({ ...a.snapshot(), version: 0 }) === JSON.stringify({ ...b.snapshot(), version: 0 });
}
