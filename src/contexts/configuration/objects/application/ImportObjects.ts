import type { ObjectFileDocument, ObjectFileEntry } from '@gwsim/object-file';
import { inject, injectable } from 'inversify';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, type ConfigObjectSnapshot, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import { isObjectSort, type ObjectSort } from '../../graph/domain/ObjectSort.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { reassignCollidingSipPorts, type PortMove } from '../../graph/domain/SipPortAllocation.js';
import { mapReferences } from '../../graph/domain/catalog/ParameterType.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import { cloneName } from './cloneName.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';

export const IMPORT_ACTIONS = ['SKIP', 'OVERRIDE', 'CLONE', 'CANCEL'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export interface ImportOptions {
  readonly action: ImportAction;
  /** Appended to the names of clones (CLONE); "clone" when empty. */
  readonly cloneComment: string | undefined;
  /** Move ports of imported SIP transports that collide on their network controller to free ones. */
  readonly reassignPortOnCollision: boolean;
}

export type ImportOutcome = 'created' | 'overridden' | 'cloned' | 'skipped';

export interface ImportedObject {
  /** The id the object has in the file. */
  readonly fileId: string;
  /** The id it has in the configuration now (the existing object's for SKIP and OVERRIDE, a new one for CLONE). */
  readonly id: string;
  readonly sort: ObjectSort;
  readonly displayName: string;
  readonly outcome: ImportOutcome;
  /** How the object collided with an existing one, if it did. */
  readonly matchedBy: 'id' | 'sortAndDisplayName' | undefined;
}

export interface ImportReport {
  readonly action: ImportAction;
  readonly objects: readonly ImportedObject[];
  readonly portMoves: readonly PortMove[];
}

interface Plan {
  readonly entry: ObjectFileEntry;
  readonly index: number;
  readonly sort: ObjectSort;
  readonly match: ConfigObject | undefined;
  readonly matchedBy: 'id' | 'sortAndDisplayName' | undefined;
  outcome: ImportOutcome;
  id: string;
  displayName: string;
}

const nameKey = (sort: string, displayName: string): string => `${sort}\u0000${displayName}`;

/** Problems of the file that no graph can fix: unknown sorts, stripped parameters that are not private, name twins. */
function checkEntries(file: ObjectFileDocument): void {
  const details: ErrorDetail[] = [];
  const names = new Map<string, number>();
  file.objects.forEach((entry, i) => {
    if (!isObjectSort(entry.sort)) {
      details.push({
        field: `objects[${i}].sort`,
        rule: 'sort',
        message: `objects[${i}].sort '${entry.sort}' is not a sort this gateway knows`,
      });
      return;
    }
    const privateNames = SortCatalog.privateParameters(entry.sort);
    entry.strippedParameters.forEach((name, j) => {
      if (!privateNames.includes(name)) {
        details.push({
          field: `objects[${i}].strippedParameters[${j}]`,
          rule: 'private',
          message: `'${name}' is not a private parameter of ${entry.sort}`,
        });
      }
    });
    const key = nameKey(entry.sort, entry.displayName);
    const twin = names.get(key);
    if (twin !== undefined) {
      details.push({
        field: `objects[${i}].displayName`,
        rule: 'unique',
        message: `objects[${i}] and objects[${twin}] are both ${entry.sort} '${entry.displayName}'`,
      });
    } else names.set(key, i);
  });
  if (details.length > 0)
    throw DomainError.invalid(
      'IMPORT_FILE_INVALID',
      `the file cannot be imported: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
}

/**
 * Imports the objects of an export file, all or nothing. An imported object collides with an existing one of
 * the same id, or else of the same sort and display name. Then, by action: SKIP keeps the existing object
 * (imported references to it point to it); OVERRIDE overwrites it in place (its id stays); CLONE imports a
 * copy under a new id and a name derived from cloneComment (references inside the file follow the copies);
 * CANCEL refuses the whole import with 409 when anything collides, and imports everything otherwise.
 * Private parameters stripped from the file keep the existing value of an overridden object and are empty for
 * a new one. Every resulting object is checked like a set; nothing is stored unless all of them hold.
 */
@injectable()
export class ImportObjects {
  constructor(
    @inject(WorkingConfiguration) private readonly writes: WorkingConfiguration,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, file: ObjectFileDocument, options: ImportOptions): Promise<ImportReport> {
    checkEntries(file);
    return this.writes.run(lab, async () => {
      const existing = await this.objects.list(lab);
      const plans = this.plan(existing, file, options);
      const written = plans.filter((p) => p.outcome !== 'skipped');
      const idMap = new Map(plans.map((p) => [p.entry.id, p.id] as const));
      let snapshots = written.map((plan) => this.snapshot(plan, idMap));
      const replaced = new Set(written.map((p) => p.id));
      const finalGraph = [...existing.filter((o) => !replaced.has(o.id)).map((o) => o.snapshot()), ...snapshots];
      let portMoves: readonly PortMove[] = [];
      if (options.reassignPortOnCollision) {
        const { updated, moves } = reassignCollidingSipPorts(
          finalGraph,
          snapshots.map((s) => s.id),
        );
        snapshots = snapshots.map((s) => updated.get(s.id) ?? s);
        portMoves = moves;
      }
      this.validate(written, snapshots, [
        ...existing.filter((o) => !replaced.has(o.id)).map((o) => o.snapshot()),
        ...snapshots,
      ]);
      if (snapshots.length > 0) {
        await this.writes.beforeChange(lab);
        for (const snapshot of snapshots) await this.objects.save(new ConfigObject(lab, snapshot));
      }
      return {
        action: options.action,
        objects: plans.map((p) => ({
          fileId: p.entry.id,
          id: p.id,
          sort: p.sort,
          displayName: p.displayName,
          outcome: p.outcome,
          matchedBy: p.matchedBy,
        })),
        portMoves,
      };
    });
  }

  private plan(existing: readonly ConfigObject[], file: ObjectFileDocument, options: ImportOptions): Plan[] {
    const byId = new Map(existing.map((o) => [o.id, o] as const));
    const byName = new Map(existing.map((o) => [nameKey(o.sort, o.displayName), o] as const));
    const plans: Plan[] = file.objects.map((entry, index) => {
      const sort = entry.sort as ObjectSort;
      const idMatch = byId.get(entry.id);
      const match = idMatch ?? byName.get(nameKey(sort, entry.displayName));
      const matchedBy = idMatch ? 'id' : match ? 'sortAndDisplayName' : undefined;
      return { entry, index, sort, match, matchedBy, outcome: 'created', id: entry.id, displayName: entry.displayName };
    });
    const collisions = plans.filter((p) => p.match);
    if (options.action === 'CANCEL' && collisions.length > 0) {
      throw DomainError.conflict(
        'IMPORT_COLLISION',
        `the import was cancelled: ${collisions.length} object(s) of the file collide with existing objects`,
        collisions.map((p) => ({
          field: `objects[${p.index}]`,
          rule: p.matchedBy,
          message: `${p.sort} '${p.entry.displayName}' collides with ${p.match!.sort} '${p.match!.displayName}' (${p.match!.id}) by ${p.matchedBy === 'id' ? 'id' : 'sort and display name'}`,
        })),
      );
    }
    for (const plan of collisions) {
      const match = plan.match!;
      if (options.action === 'SKIP') {
        Object.assign(plan, { outcome: 'skipped', id: match.id, displayName: match.displayName });
      } else if (options.action === 'OVERRIDE') {
        if (match.sort !== plan.sort) {
          throw DomainError.conflict(
            'IMPORT_SORT_CONFLICT',
            `objects[${plan.index}] (${plan.sort}) has the id of the existing ${match.sort} '${match.displayName}'; an object's sort cannot change`,
          );
        }
        Object.assign(plan, { outcome: 'overridden', id: match.id });
      } else {
        plan.outcome = 'cloned';
        plan.id = this.ids.uuid();
      }
    }
    if (options.action === 'OVERRIDE') {
      const targets = new Map<string, Plan>();
      for (const plan of plans.filter((p) => p.outcome === 'overridden')) {
        const other = targets.get(plan.id);
        if (other) {
          throw DomainError.conflict(
            'IMPORT_AMBIGUOUS',
            `objects[${other.index}] and objects[${plan.index}] would both override ${plan.sort} '${plan.match!.displayName}' (${plan.id})`,
          );
        }
        targets.set(plan.id, plan);
      }
    }
    const taken = new Set([
      ...existing.map((o) => nameKey(o.sort, o.displayName)),
      ...plans.filter((p) => p.outcome !== 'cloned').map((p) => nameKey(p.sort, p.displayName)),
    ]);
    for (const plan of plans.filter((p) => p.outcome === 'cloned')) {
      plan.displayName = cloneName(plan.entry.displayName, options.cloneComment, (name) =>
        taken.has(nameKey(plan.sort, name)),
      );
      taken.add(nameKey(plan.sort, plan.displayName));
    }
    return plans;
  }

  /** The object as it will be stored: ids re-pointed, stripped private data kept (override) or empty (new). */
  private snapshot(plan: Plan, idMap: ReadonlyMap<string, string>): ConfigObjectSnapshot {
    const { entry, sort } = plan;
    const definition = SortCatalog.of(sort);
    const mapId = (id: string): string => {
      const canonical = canonicalObjectId(id) ?? id;
      return idMap.get(canonical) ?? canonical;
    };
    const base = plan.outcome === 'overridden' ? plan.match : undefined;
    // Built with fromEntries (own data properties): a member named __proto__ stays a member, refused as unknown.
    const parameters: { [name: string]: ParameterValue } = Object.fromEntries(
      Object.entries(entry.parameters).map(([name, value]) => {
        const parameter = definition.parameters.find((d) => d.name === name);
        return [name, parameter ? mapReferences(parameter.type, value, mapId) : value];
      }),
    );
    for (const name of entry.strippedParameters) {
      parameters[name] = base?.parameters[name] ?? SortCatalog.parameter(sort, name)!.default;
    }
    const references: { [slot: string]: string[] } = Object.fromEntries([
      ...definition.references
        .filter((s) => !s.derived)
        .map((slot) => [slot.name, (entry.references[slot.name] ?? []).map(mapId)] as const),
      ...Object.entries(entry.references)
        .filter(([slot]) => !definition.references.some((s) => s.name === slot))
        .map(([slot, ids]) => [slot, ids.map(mapId)] as const),
    ]);
    const completed = ObjectRules.complete(sort, undefined, parameters, references);
    const unknownSlots = Object.fromEntries(
      Object.entries(references).filter(([slot]) => !definition.references.some((s) => s.name === slot)),
    );
    return {
      id: plan.id,
      sort,
      displayName: plan.displayName,
      parameters: completed.parameters,
      references: { ...completed.references, ...unknownSlots },
      common: entry.common,
      note: entry.note,
      metadata: entry.metadata,
      version: base?.version ?? 0,
    };
  }

  private validate(
    plans: readonly Plan[],
    snapshots: readonly ConfigObjectSnapshot[],
    finalGraph: readonly ConfigObjectSnapshot[],
  ): void {
    const sorts = new Map(finalGraph.map((o) => [o.id, o.sort] as const));
    const names = new Map<string, number>();
    for (const object of finalGraph)
      names.set(
        nameKey(object.sort, object.displayName),
        (names.get(nameKey(object.sort, object.displayName)) ?? 0) + 1,
      );
    const details: ErrorDetail[] = [];
    snapshots.forEach((snapshot, i) => {
      const prefix = `objects[${plans[i]!.index}]`;
      for (const detail of ObjectRules.check(snapshot, (id) => sorts.get(id))) {
        details.push({
          ...detail,
          field: `${prefix}.${detail.field ?? ''}`,
          message: `${prefix} (${snapshot.sort} '${snapshot.displayName}'): ${detail.message}`,
        });
      }
      if ((names.get(nameKey(snapshot.sort, snapshot.displayName)) ?? 0) > 1) {
        details.push({
          field: `${prefix}.displayName`,
          rule: 'unique',
          message: `${prefix}: another ${snapshot.sort} object is already named '${snapshot.displayName}'`,
        });
      }
    });
    if (details.length > 0) {
      throw DomainError.invalid(
        'IMPORT_INVALID',
        `nothing was imported: ${details.length} problem(s) in the objects of the file`,
        details.slice(0, 50),
      );
    }
  }
}
