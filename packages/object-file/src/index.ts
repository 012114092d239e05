export {
  DEFAULT_OBJECT_COMMON,
  MAX_OBJECT_FILE_PROBLEMS,
  OBJECT_FILE_EXTENSION,
  OBJECT_FILE_FORMAT,
  OBJECT_FILE_MEDIA_TYPE,
  OBJECT_FILE_VERSION,
  ObjectFileError,
  SUPPORTED_OBJECT_FILE_VERSIONS,
  canonicalObjectFileId,
  type JsonValue,
  type ObjectFileCommon,
  type ObjectFileDocument,
  type ObjectFileEntry,
  type ObjectFileProblem,
} from './format.js';
export { decodeObjectFile, type DecodeObjectFileOptions } from './decode.js';
export { encodeObjectFile, objectFileDocument, type ObjectFileInput } from './encode.js';
