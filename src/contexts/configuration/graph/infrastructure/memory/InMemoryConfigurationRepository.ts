import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { ConfigObject, type ConfigObjectSnapshot } from '../../domain/ConfigObject.js';
import {
  ConfigurationRepository,
  checkStorable,
  sameContent,
  type DanglingReference,
  type Revision,
  type RevisionDiff,
} from '../../domain/ConfigurationRepository.js';
import type { ObjectSort } from '../../domain/ObjectSort.js';

type Store = Map<string, ConfigObjectSnapshot>;

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function ordered(objects: ConfigObjectSnapshot[]): ConfigObjectSnapshot[] {
  return objects.sort(
    (a, b) => byCodePoint(a.sort, b.sort) || byCodePoint(a.displayName, b.displayName) || byCodePoint(a.id, b.id),
  );
}

/** The working version an object gets when a revision move gives it `content`: kept when unchanged, else above both. */
function moved(
  content: ConfigObjectSnapshot,
  before: ConfigObjectSnapshot | undefined,
  floor = 0,
): ConfigObjectSnapshot {
  if (before && sameContent(before, content)) return before;
  return { ...content, version: Math.max(floor, before?.version ?? 0) + 1 };
}

function touch(changed: Map<string, number>, id: string, version: number): void {
  changed.set(id, Math.max(changed.get(id) ?? 0, version));
}

/** The configuration graph in memory: the fake the contract suite holds to the TypeORM adapter's behaviour. */
@injectable()
export class InMemoryConfigurationRepository extends ConfigurationRepository {
  /**
   * Per lab: both revisions, and the ids the working one changed since the last commit or revert, each with the
   * highest working version it had meanwhile.
   */
  private readonly labs = new Map<LabId, { working: Store; committed: Store; changed: Map<string, number> }>();

  private revisions(lab: LabId) {
    let entry = this.labs.get(lab);
    if (!entry) this.labs.set(lab, (entry = { working: new Map(), committed: new Map(), changed: new Map() }));
    return entry;
  }

  async find(lab: LabId, id: string, revision: Revision = 'working'): Promise<ConfigObject | undefined> {
    const snapshot = this.revisions(lab)[revision].get(id);
    return snapshot ? new ConfigObject(lab, snapshot) : undefined;
  }

  async findByDisplayName(
    lab: LabId,
    sort: ObjectSort,
    displayName: string,
    revision: Revision = 'working',
  ): Promise<ConfigObject | undefined> {
    const found = ordered([...this.revisions(lab)[revision].values()]).find(
      (o) => o.sort === sort && o.displayName === displayName,
    );
    return found ? new ConfigObject(lab, found) : undefined;
  }

  async list(lab: LabId, sort?: ObjectSort, revision: Revision = 'working'): Promise<ConfigObject[]> {
    return ordered([...this.revisions(lab)[revision].values()].filter((o) => !sort || o.sort === sort)).map(
      (snapshot) => new ConfigObject(lab, snapshot),
    );
  }

  async referrersOf(lab: LabId, id: string): Promise<ConfigObject[]> {
    return ordered(
      [...this.revisions(lab).working.values()].filter((o) =>
        Object.values(o.references).some((ids) => ids.includes(id)),
      ),
    ).map((snapshot) => new ConfigObject(lab, snapshot));
  }

  async save(object: ConfigObject): Promise<void> {
    checkStorable(object.snapshot());
    const { working, changed } = this.revisions(object.lab);
    const stored = working.get(object.id);
    if ((stored?.version ?? 0) !== object.version) throw new StaleVersionError('Object', object.id);
    working.set(object.id, { ...object.snapshot(), version: object.version + 1 });
    touch(changed, object.id, object.version + 1);
  }

  async remove(lab: LabId, ids: readonly string[]): Promise<void> {
    const { working, changed } = this.revisions(lab);
    for (const id of ids) {
      const removed = working.get(id);
      if (removed && working.delete(id)) touch(changed, id, removed.version);
    }
  }

  async replaceWorking(lab: LabId, objects: readonly ConfigObjectSnapshot[]): Promise<void> {
    objects.forEach(checkStorable);
    const entry = this.revisions(lab);
    const previous = entry.working;
    entry.working = new Map(objects.map((o) => [o.id, moved(o, previous.get(o.id))]));
    for (const [id, object] of previous) if (!entry.working.has(id)) touch(entry.changed, id, object.version);
    for (const [id, object] of entry.working) if (previous.get(id) !== object) touch(entry.changed, id, object.version);
  }

  async publishWorking(lab: LabId): Promise<void> {
    const { working, committed, changed } = this.revisions(lab);
    for (const id of changed.keys()) {
      const object = working.get(id);
      if (object) committed.set(id, object);
      else committed.delete(id);
    }
    changed.clear();
  }

  async restoreCommitted(lab: LabId): Promise<void> {
    const { working, committed, changed } = this.revisions(lab);
    for (const [id, lastVersion] of changed) {
      const object = committed.get(id);
      if (object) working.set(id, moved(object, working.get(id), Math.max(object.version, lastVersion)));
      else working.delete(id);
    }
    changed.clear();
  }

  async diff(lab: LabId): Promise<RevisionDiff> {
    const { working, committed, changed } = this.revisions(lab);
    let added = 0;
    let removed = 0;
    let modified = 0;
    for (const id of changed.keys()) {
      const now = working.get(id);
      const before = committed.get(id);
      if (now && !before) added += 1;
      else if (!now && before) removed += 1;
      else if (now && before && !sameContent(before, now)) modified += 1;
    }
    return { added, removed, modified };
  }

  async count(lab: LabId, revision: Revision = 'working'): Promise<number> {
    return this.revisions(lab)[revision].size;
  }

  async danglingReferences(lab: LabId, limit: number): Promise<DanglingReference[]> {
    const { working, changed } = this.revisions(lab);
    const removed = [...changed.keys()].filter((id) => !working.has(id));
    const suspects = [...working.values()].filter(
      (o) => changed.has(o.id) || Object.values(o.references).some((ids) => ids.some((id) => removed.includes(id))),
    );
    const found: DanglingReference[] = [];
    for (const object of ordered(suspects)) {
      for (const slot of Object.keys(object.references).sort(byCodePoint)) {
        for (const missingId of object.references[slot]!.filter((id) => !working.has(id))) {
          found.push({ id: object.id, displayName: object.displayName, slot, missingId });
        }
      }
    }
    return found.slice(0, limit);
  }
}
