export { GatewayClient } from './GatewayClient.js';
export {
  ApiClient,
  type ApiAnswer,
  type CommonOptions,
  type HttpMethod,
  type OperationOf,
  type PathOf,
  type RequestOptions,
} from './ApiClient.js';
export { Session, type SessionOptions } from './Session.js';
export {
  COMMON_ERROR_CODES,
  GatewayError,
  isGatewayError,
  type CommonErrorCode,
  type ErrorCode,
  type ErrorDetail,
} from './GatewayError.js';
export type { DownloadedFile, UploadFile } from './types.js';
export type { GatewayOperations, GatewaySchemas } from './generated/gateway.js';
export type { ControlOperations, ControlSchemas } from './generated/control.js';

import type { GatewayOperations } from './generated/gateway.js';
import type { HttpMethod, OperationOf } from './ApiClient.js';
/** The result type of a gateway operation: `Result<'GET', '/api/users/get'>`. */
export type Result<M extends HttpMethod, P extends string> = OperationOf<GatewayOperations, M, P>['result'];
