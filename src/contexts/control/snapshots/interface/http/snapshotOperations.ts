import { operation, type PathParameterSpec } from '../../../../../shared/interface/http/Operation.js';
import { SnapshotsController, SNAPSHOT_MEDIA_TYPE } from './SnapshotsController.js';
import { SaveSnapshotDto } from './SaveSnapshotDto.js';
import { SnapshotListView, SnapshotView } from './SnapshotViews.js';

const area = 'Simulator control';
const LAB: PathParameterSpec = {
  name: 'lab',
  description: "the lab's name ('default', or one made with POST /_sim/labs; others: 404 LAB_NOT_FOUND)",
};
const NAME: PathParameterSpec = {
  name: 'name',
  description: "the snapshot's name (404 SNAPSHOT_NOT_FOUND for one the lab does not have)",
};
const PASSPHRASE = 'The passphrase goes in the X-Gwsim-Passphrase header (8 to 1024 characters)';

/** Snapshots of a lab: save, list, restore, export, import, remove (administrators of the default lab). */
export const snapshotOperations = [
  operation({
    area,
    method: 'GET',
    path: '/_sim/labs/{lab}/snapshots',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB],
    summary:
      "The lab's snapshots, oldest first: name, when taken, the lab and lab revision it was taken at, the schema, its size (rows, bytes)",
    response: { kind: 'json', shape: SnapshotListView },
    controller: SnapshotsController,
    handle: (c, r) => c.list(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/_sim/labs/{lab}/snapshots',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    params: [LAB],
    summary:
      "Save the lab's whole state now ({name, replace?}): configuration (both revisions and the lifecycle), users, roles, policies, licenses, every setting (standby, SBA, maintenance, monitor settings, the lab clock); not the monitor's records, calls, sessions, fault rules or the journal. 409 SNAPSHOT_EXISTS for a taken name unless replace: true",
    request: SaveSnapshotDto,
    response: { kind: 'json', shape: SnapshotView },
    controller: SnapshotsController,
    handle: (c, r) => c.save(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/_sim/labs/{lab}/snapshots/{name}/restore',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB, NAME],
    summary:
      "The lab's state becomes the snapshot's, all or nothing (one write unit of the lab; other labs are not locked); the simulator takes the restored committed configuration",
    response: { kind: 'json', shape: SnapshotView },
    controller: SnapshotsController,
    handle: (c, r) => c.restore(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/_sim/labs/{lab}/snapshots/{name}',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB, NAME],
    summary: `Export the snapshot as a JSON file (format "gwsim-lab-snapshot", formatVersion 1, the schema, source lab, createdAt, the state). Its secrets (private keys, shared and client secrets, passwords of configuration objects, the SBA secret) are sealed with AES-256-GCM under a key derived (scrypt) from a passphrase, required when it holds any (400 PASSPHRASE_REQUIRED). ${PASSPHRASE}`,
    response: { kind: 'file', contentType: SNAPSHOT_MEDIA_TYPE },
    controller: SnapshotsController,
    handle: (c, r) => c.export(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/_sim/labs/{lab}/snapshots/{name}',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'multipart',
    control: true,
    params: [LAB, NAME],
    summary: `Import an exported file (multipart part "file") under the name, into this lab (any lab; a snapshot of that name is replaced). Another format, formatVersion or schema: 400 naming the field and what this gwsim reads; a file that does not read as a snapshot: 400 naming the first bad field; sealed secrets need the export's passphrase (400 naming passphrase). ${PASSPHRASE}`,
    response: { kind: 'json', shape: SnapshotView },
    controller: SnapshotsController,
    handle: (c, r) => c.import(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/_sim/labs/{lab}/snapshots/{name}',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB, NAME],
    summary: 'Remove a snapshot; answers it as it was',
    response: { kind: 'json', shape: SnapshotView },
    controller: SnapshotsController,
    handle: (c, r) => c.remove(r),
  }),
];
