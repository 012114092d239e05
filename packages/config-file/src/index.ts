export {
  CONFIG_FILE_EXTENSION,
  CONFIG_FILE_FORMAT,
  CONFIG_FILE_MEDIA_TYPE,
  CONFIG_FILE_VERSION,
  ConfigFileError,
  DEFAULT_FILE_COMMON,
  MAX_PROBLEMS,
  SUPPORTED_FORMAT_VERSIONS,
  canonicalFileId,
  type ConfigFileCommon,
  type ConfigFileDocument,
  type ConfigFileObject,
  type ConfigFileProblem,
  type JsonValue,
} from './format.js';
export {
  decodeConfigFile,
  inspectConfigFile,
  type DecodeOptions,
  type InspectedConfigFile,
  type ReadObject,
} from './decode.js';
export { configFileDocument, encodeConfigFile, type EncodeInput, type EncodeOptions } from './encode.js';
