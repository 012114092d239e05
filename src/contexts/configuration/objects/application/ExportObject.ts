import type { ObjectFileEntry, ObjectFileInput } from '@gwsim/object-file';
import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import { ObjectGraph } from './ObjectGraph.js';
import { objectNotFound, requireObjectId } from './objectIds.js';

export interface ObjectExport {
  readonly root: ConfigObject;
  readonly file: ObjectFileInput;
}

/**
 * An entry of the export file; private parameters are left out and listed as stripped unless included.
 * References are kept to exported objects only (the file is self-contained; a subtree holds every target).
 */
export function exportEntry(
  object: ConfigObject,
  includePrivateData: boolean,
  exported: ReadonlySet<string>,
): ObjectFileEntry {
  const stripped = includePrivateData ? [] : SortCatalog.privateParameters(object.sort);
  const parameters = Object.fromEntries(Object.entries(object.parameters).filter(([name]) => !stripped.includes(name)));
  const references = Object.fromEntries(
    Object.entries(object.references)
      .map(([slot, ids]) => [slot, ids.filter((ref) => exported.has(ref))] as const)
      .filter(([, ids]) => ids.length > 0),
  );
  return {
    id: object.id,
    sort: object.sort,
    displayName: object.displayName,
    parameters,
    references,
    common: object.common,
    note: object.note,
    metadata: object.metadata,
    strippedParameters: stripped,
  };
}

/**
 * One object and its subtree (everything it references, directly or not) as the content of an object export
 * file, the root first. Without private data, every parameter the catalog flags private (passwords, private
 * keys, certificates, secrets) is left out, whatever its value.
 */
@injectable()
export class ExportObject {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId, idText: string, includePrivateData: boolean): Promise<ObjectExport> {
    const id = requireObjectId(idText);
    return this.unitOfWork.read(async () => {
      const graph = new ObjectGraph(await this.objects.list(lab));
      const root = graph.get(id);
      if (!root) throw objectNotFound(id);
      const subtree = graph.subtree(root);
      const exported = new Set(subtree.map((o) => o.id));
      return {
        root,
        file: {
          exportedAt: this.clock.now(),
          generator: 'gwsim',
          rootId: root.id,
          includesPrivateData: includePrivateData,
          objects: subtree.map((object) => exportEntry(object, includePrivateData, exported)),
        },
      };
    });
  }
}
