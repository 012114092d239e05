import type { OperationDefinition } from '../../shared/interface/http/Operation.js';
import { openApiDocument } from './openApiDocument.js';
import { PRODUCT_VERSION } from './productVersion.js';

/** The JSON text of an OpenAPI document of `operations`, exactly as the server answers it. */
export function openApiDocumentText(operations: readonly OperationDefinition[], kind: 'gateway' | 'control'): string {
  return JSON.stringify(openApiDocument(operations, PRODUCT_VERSION, kind));
}
