import { decodeObjectFile, ObjectFileError } from '@gwsim/object-file';
import { inject, injectable } from 'inversify';
import { DomainError, type ErrorDetail } from '../../../../../shared/domain/DomainError.js';
import { ifMatchVersion, jsonWithETag } from '../../../../../shared/interface/http/ETag.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { canonicalObjectId } from '../../../graph/domain/ObjectId.js';
import { OBJECT_SORTS } from '../../../graph/domain/ObjectSort.js';
import { BulkRemoveObjects } from '../../application/BulkRemoveObjects.js';
import { IMPORT_ACTIONS, ImportObjects, type ImportAction } from '../../application/ImportObjects.js';
import { RemoveObject } from '../../application/RemoveObject.js';
import { SetObject } from '../../application/SetObject.js';
import { SetObjectNote } from '../../application/SetObjectNote.js';
import type { ImportReportView } from './ObjectViews.js';
import { readObjectChange, renderObject } from './ObjectWire.js';

const CLONE_COMMENT_MAX = 100;

/** The body of objects/bulkRemove: a JSON array of object ids, either shape. */
function readIdList(body: unknown): string[] {
  if (!Array.isArray(body)) {
    throw DomainError.invalid(
      'INVALID_BODY',
      'the request body must be a JSON array of object ids, for example ["3f1c0a9e-…", "…"]',
    );
  }
  const details: ErrorDetail[] = [];
  const ids = body.flatMap((item, i) => {
    const id = typeof item === 'string' ? canonicalObjectId(item) : undefined;
    if (!id)
      details.push({
        field: `[${i}]`,
        rule: 'objectId',
        message: `[${i}] must be an object id (36-character hyphenated or 32 hexadecimal characters)`,
      });
    return id ? [id] : [];
  });
  if (details.length > 0)
    throw DomainError.invalid(
      'VALIDATION_FAILED',
      `the id list is invalid: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
  return ids;
}

/** The detached-objects writes: note/set, set, remove, bulkRemove, import. */
@injectable()
export class ObjectWriteController {
  constructor(
    @inject(SetObjectNote) private readonly setNote: SetObjectNote,
    @inject(SetObject) private readonly setObject: SetObject,
    @inject(RemoveObject) private readonly removeObject: RemoveObject,
    @inject(BulkRemoveObjects) private readonly bulkRemoveObjects: BulkRemoveObjects,
    @inject(ImportObjects) private readonly importObjects: ImportObjects,
  ) {}

  /** The raw body is the new note (send the JSON string "" to clear it); `If-Match: "<version>"` makes it conditional. */
  async note(request: OperationRequest) {
    const ifMatch = ifMatchVersion(request.header('if-match'), 'the object');
    await this.setNote.execute(
      request.lab,
      request.query.string('id'),
      typeof request.body === 'string' ? request.body : '',
      ifMatch,
    );
    return Reply.empty();
  }

  /**
   * Answers the object as stored, with its new metaData.anynodefe.version. The version expected may come in
   * the body (metaData.anynodefe.version) or as an `If-Match: "<version>"` header; when both come they must agree.
   */
  async set(request: OperationRequest) {
    const idText = request.query.string('id');
    const ifMatch = ifMatchVersion(request.header('if-match'), 'the object');
    const saved = await this.setObject.execute(request.lab, idText, (current) => {
      const change = readObjectChange(request.body, canonicalObjectId(idText)!, current);
      if (ifMatch === undefined) return change;
      if (change.expectedVersion !== undefined && change.expectedVersion !== ifMatch) {
        throw DomainError.invalid(
          'VERSION_MISMATCH',
          `If-Match names version ${ifMatch} but metaData.anynodefe.version says ${change.expectedVersion}`,
          [{ field: 'If-Match', rule: 'matches', message: 'If-Match and metaData.anynodefe.version must agree' }],
        );
      }
      return { ...change, expectedVersion: ifMatch };
    });
    return jsonWithETag(renderObject(saved), saved.version);
  }

  /** `If-Match: "<version>"` removes the object only while it still has that version (else 409 STALE_VERSION). */
  async remove(request: OperationRequest) {
    const ifMatch = ifMatchVersion(request.header('if-match'), 'the object');
    await this.removeObject.execute(request.lab, request.query.string('id'), ifMatch);
    return Reply.empty();
  }

  async bulkRemove(request: OperationRequest) {
    await this.bulkRemoveObjects.execute(request.lab, readIdList(request.body));
    return Reply.empty();
  }

  /** Answers a report: what became of each object of the file, and which SIP transport ports moved. */
  async import(request: OperationRequest): Promise<ImportReportView> {
    const action = request.query.enum<ImportAction>('action', IMPORT_ACTIONS);
    const cloneComment = request.query.optionalString('cloneComment');
    if (cloneComment !== undefined && cloneComment.length > CLONE_COMMENT_MAX) {
      throw DomainError.invalid(
        'INVALID_QUERY_PARAMETER',
        `query parameter 'cloneComment' must be at most ${CLONE_COMMENT_MAX} characters`,
        [{ field: 'cloneComment', message: `at most ${CLONE_COMMENT_MAX} characters` }],
      );
    }
    const reassignPortOnCollision = request.query.boolean('reassignPortOnCollision', false);
    let file;
    try {
      file = decodeObjectFile(request.file!.content, { sorts: OBJECT_SORTS });
    } catch (error) {
      if (!(error instanceof ObjectFileError)) throw error;
      throw DomainError.invalid(
        'OBJECT_FILE_INVALID',
        `the uploaded file is not an importable object export file: ${error.message}`,
        error.problems.map((p) => ({ field: p.path || 'file', message: p.message })),
      );
    }
    return this.importObjects.execute(request.lab, file, { action, cloneComment, reassignPortOnCollision });
  }
}
