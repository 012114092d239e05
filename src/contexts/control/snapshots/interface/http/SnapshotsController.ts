import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { LabSnapshots } from '../../application/LabSnapshots.js';
import { PASSPHRASE_HEADER } from '../../application/SnapshotSealing.js';
import type { SnapshotSummary } from '../../domain/LabState.js';
import { invalidDocument } from '../../domain/SnapshotErrors.js';
import { SaveSnapshotDto } from './SaveSnapshotDto.js';
import type { SnapshotListView, SnapshotView } from './SnapshotViews.js';

/** The media type of an exported snapshot. */
export const SNAPSHOT_MEDIA_TYPE = 'application/json';

export function snapshotView(snapshot: SnapshotSummary): SnapshotView {
  return {
    name: snapshot.name,
    createdAt: snapshot.createdAt.toISOString(),
    sourceLab: snapshot.sourceLab,
    labRevision: snapshot.labRevision,
    schema: snapshot.schema,
    objects: snapshot.objects,
    bytes: snapshot.bytes,
  };
}

/** `/_sim/labs/{lab}/snapshots…` */
@injectable()
export class SnapshotsController {
  constructor(@inject(LabSnapshots) private readonly snapshots: LabSnapshots) {}

  async list(request: OperationRequest): Promise<SnapshotListView> {
    return { snapshots: (await this.snapshots.list(request.params['lab']!)).map(snapshotView) };
  }

  async save(request: OperationRequest): Promise<SnapshotView> {
    const dto = validateDto(SaveSnapshotDto, request.body);
    return snapshotView(await this.snapshots.save(request.params['lab']!, dto.name, dto.replace ?? false));
  }

  async restore(request: OperationRequest): Promise<SnapshotView> {
    return snapshotView(await this.snapshots.restore(request.params['lab']!, request.params['name']!));
  }

  async export(request: OperationRequest): Promise<Reply> {
    const lab = request.params['lab']!;
    const name = request.params['name']!;
    const document = await this.snapshots.export(lab, name, request.header(PASSPHRASE_HEADER));
    return Reply.file(`${JSON.stringify(document)}\n`, `${lab}-${name}.gwsim-snapshot.json`, SNAPSHOT_MEDIA_TYPE);
  }

  async import(request: OperationRequest): Promise<SnapshotView> {
    const file = request.file;
    if (!file) throw invalidDocument('file', 'is required: the exported snapshot as the multipart part "file"');
    let document: unknown;
    try {
      document = JSON.parse(file.content.toString('utf8'));
    } catch (error) {
      throw invalidDocument(
        'file',
        `is not a JSON document (${(error as Error).message.slice(0, 120)}): a truncated or changed file?`,
      );
    }
    return snapshotView(
      await this.snapshots.import(
        request.params['lab']!,
        request.params['name']!,
        document,
        request.header(PASSPHRASE_HEADER),
      ),
    );
  }

  async remove(request: OperationRequest): Promise<SnapshotView> {
    return snapshotView(await this.snapshots.remove(request.params['lab']!, request.params['name']!));
  }
}
