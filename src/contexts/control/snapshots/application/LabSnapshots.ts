import { inject, injectable, multiInject, optional } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ControlledLabs } from '../../labs/application/ControlledLabs.js';
import type { LabState, SnapshotSummary } from '../domain/LabState.js';
import { mapSecrets } from '../domain/SecretFields.js';
import { parseSnapshotDocument, snapshotDocument, type SnapshotDocument } from '../domain/SnapshotDocument.js';
import { invalidDocument, snapshotExists, snapshotNotFound, snapshotsUnavailable } from '../domain/SnapshotErrors.js';
import { snapshotName } from '../domain/SnapshotName.js';
import { Sealer, checkPassphrase, parseSealing, passphraseRequired, type SealedValue } from './SnapshotSealing.js';
import { SnapshotRepository } from './SnapshotRepository.js';

const isSealed = (value: unknown): value is SealedValue =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  '$sealed' in value;

/** Replaces every sealed value of `state` with what `open` makes of it; answers how many it opened. */
function openSealed(
  state: unknown,
  open: (value: SealedValue, path: string) => string,
): { value: unknown; opened: number } {
  let opened = 0;
  const walk = (node: unknown, at: string): unknown => {
    if (isSealed(node)) {
      opened += 1;
      return open(node, at);
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${at}[${index}]`));
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node as Record<string, unknown>).map(([key, child]) => [key, walk(child, `${at}.${key}`)]),
    );
  };
  return { value: walk(state, 'state'), opened };
}

/**
 * Snapshots of a lab (control context): save the lab's whole main-store state under a name, list, restore, export
 * as a file, import a file, remove. A restore is one write unit of the lab (all or nothing); once it committed,
 * every context that holds the lab's state in memory is told (LabLifecycle.restored). Snapshots of one lab are
 * changed one at a time in this process (the store's key refuses a second of a name anyway).
 */
@injectable()
export class LabSnapshots {
  constructor(
    @inject(SnapshotRepository) private readonly store: SnapshotRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ControlledLabs) private readonly labs: ControlledLabs,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @multiInject(LabLifecycle) @optional() private readonly lifecycles: readonly LabLifecycle[] = [],
  ) {}

  async list(labName: string): Promise<SnapshotSummary[]> {
    const lab = this.labs.resolve(labName);
    return this.unitOfWork.read(() => this.store.list(lab));
  }

  async save(labName: string, name: unknown, replace = false): Promise<SnapshotSummary> {
    const lab = this.labs.resolve(labName);
    const checked = snapshotName(name);
    // a write unit of the lab: the state and its row hashes are stored together, or not at all
    const saved = await this.unitOfWork.write(lab, () => this.store.save(lab, checked, this.clock.now(), replace));
    if (!saved) throw snapshotExists(lab, checked);
    this.logger.info({ lab, snapshot: checked, objects: saved.objects, bytes: saved.bytes }, 'lab snapshot saved');
    return saved;
  }

  /** The lab's state becomes the snapshot's (one write unit of the lab), then every context holding it in memory catches up. */
  async restore(labName: string, name: string, field = 'name'): Promise<SnapshotSummary> {
    const lab = this.labs.resolve(labName);
    const checked = snapshotName(name, field);
    if (!this.store.available()) throw snapshotsUnavailable(field);
    let restored: SnapshotSummary | undefined;
    try {
      restored = await this.unitOfWork.write(lab, async () => {
        const found = await this.store.find(lab, checked);
        if (!found) return undefined;
        const { schema } = await this.store.catalog();
        if (found.schema !== schema) {
          throw DomainError.conflict(
            'SNAPSHOT_SCHEMA_CHANGED',
            `snapshot '${checked}' was taken on schema ${found.schema}; this gwsim's store is on ${schema}: save the lab again`,
            [{ field, rule: 'schema', message: `taken on ${found.schema}, the store is on ${schema}` }],
          );
        }
        await this.store.restore(lab, checked);
        return found;
      });
    } catch (error) {
      throw this.unrestorable(error, checked, field);
    }
    if (!restored) throw snapshotNotFound(lab, checked, field);
    await this.restored(lab);
    this.logger.info({ lab, snapshot: checked }, 'lab restored from a snapshot');
    return restored;
  }

  /** The snapshot as a file: its secrets sealed under the passphrase (required when it holds any). */
  async export(labName: string, name: string, passphrase: string | undefined): Promise<SnapshotDocument> {
    const lab = this.labs.resolve(labName);
    const checked = snapshotName(name);
    const snapshot = await this.unitOfWork.read(() => this.store.read(lab, checked));
    if (!snapshot) throw snapshotNotFound(lab, checked);
    const found = mapSecrets(snapshot.state, () => ({ $sealed: '' }));
    if (found.sealed.length === 0) return snapshotDocument(snapshot, null, snapshot.state);
    if (passphrase === undefined) {
      throw passphraseRequired(
        `snapshot '${checked}' holds ${found.sealed.length} secret value(s) (${found.sealed.slice(0, 3).join(', ')}${found.sealed.length > 3 ? ', …' : ''}), which a file never carries in the clear`,
      );
    }
    const sealer = await Sealer.create(checkPassphrase(passphrase));
    const sealed = mapSecrets(snapshot.state, (secret) => sealer.seal(secret));
    return snapshotDocument(snapshot, sealer.sealing, sealed.value as LabState);
  }

  /** Stores a file under the name (replacing a snapshot of that name): checked first, its secrets opened with the passphrase. */
  async import(
    labName: string,
    name: string,
    document: unknown,
    passphrase: string | undefined,
  ): Promise<SnapshotSummary> {
    const lab = this.labs.resolve(labName);
    const checked = snapshotName(name);
    const catalog = await this.unitOfWork.read(() => this.store.catalog());
    const parsed = parseSnapshotDocument(document, catalog.schema, catalog.tables);
    const sealing = parseSealing(parsed.sealing);
    let state = parsed.state;
    if (sealing) {
      if (passphrase === undefined) throw passphraseRequired('the file holds sealed secrets');
      const sealer = await Sealer.open(sealing, checkPassphrase(passphrase));
      state = openSealed(parsed.state, (value, path) => sealer.open(value, path)).value as LabState;
    } else if (openSealed(parsed.state, () => '').opened > 0) {
      throw invalidDocument('sealing', 'the state holds sealed values but the file says how they are sealed nowhere');
    }
    const saved = await this.unitOfWork.write(lab, async () => {
      const problem = await this.store.check(state);
      if (problem) throw invalidDocument(problem.field, problem.message);
      return this.store.put(lab, checked, {
        sourceLab: parsed.sourceLab,
        createdAt: parsed.createdAt,
        labRevision: parsed.labRevision,
        schema: catalog.schema,
        state,
      });
    });
    this.logger.info({ lab, snapshot: checked, from: parsed.sourceLab }, 'lab snapshot imported');
    return saved;
  }

  async remove(labName: string, name: string): Promise<SnapshotSummary> {
    const lab = this.labs.resolve(labName);
    const checked = snapshotName(name);
    const removed = await this.unitOfWork.write(lab, async () => {
      const found = await this.store.find(lab, checked);
      if (found) await this.store.remove(lab, checked);
      return found;
    });
    if (!removed) throw snapshotNotFound(lab, checked);
    return removed;
  }

  /** A removed lab's snapshots go with it (a reset keeps them). */
  async removeAll(lab: LabId): Promise<void> {
    if (!this.store.available()) return;
    await this.unitOfWork.read(() => this.store.removeAll(lab));
  }

  private async restored(lab: LabId): Promise<void> {
    for (const lifecycle of this.lifecycles) {
      try {
        await lifecycle.reload(lab);
      } catch (error) {
        this.logger.warn(
          { err: error, lab, part: lifecycle.name },
          'a part of a restored lab could not catch up with its restored state',
        );
      }
    }
  }

  /** A snapshot whose rows the store refuses (an imported file whose rows break a rule of the schema) is a 409, never a 500. */
  private unrestorable(error: unknown, name: string, field: string): unknown {
    const code = (error as { code?: unknown }).code;
    if (error instanceof DomainError || typeof code !== 'string' || !/^2[23]/.test(code)) return error;
    const detail = (error as { detail?: string }).detail ?? (error as Error).message;
    const message = `snapshot '${name}' cannot be restored: the store refuses its rows (${detail}); nothing was changed`;
    return DomainError.conflict('SNAPSHOT_UNRESTORABLE', message, [{ field, rule: 'restorable', message }]);
  }
}
