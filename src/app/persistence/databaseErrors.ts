import type { SerializedError } from './DatabaseWorker.js';

/** An error of the engine, rebuilt on this side with the fields the driver and TypeORM look at (code, detail, …). */
export function rebuildError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
