export * from './message.js';
export * from './parse.js';
export * from './build.js';
export * from './sdp.js';
export * from './sessionTimer.js';
export * from './render.js';
export * from './stack/index.js';
export { parseAddress, type AddressHeader, type AddressRules } from './syntax/address.js';
export { unescapeUri } from './syntax/chars.js';
export { hostKind, isIPv6Address, type HostKind } from './syntax/host.js';
export { SipSyntaxError } from './syntax/scanner.js';
export { isSipUri, parseUri, uriUserOf, type OtherUri, type ParsedUri, type SipUri } from './syntax/uri.js';
export { parseViaValue, type ViaValue } from './syntax/via.js';
export { parseMediaType, type MediaType } from './syntax/mediaType.js';
export { parseMultipart, type BodyPart } from './syntax/multipart.js';
export { checkRequest } from './checks/requestChecks.js';
export { rejection, rejectionResponse, type RequestCapabilities, type RequestRejection } from './checks/rejection.js';
export { WARNING_TEXTS, warningHeader, type WarningCode } from './checks/warning.js';
export * from './sdp/model.js';
export { readSdp, type SdpReadResult } from './sdp/read.js';
export { SdpSyntaxError } from './sdp/error.js';
export { writeSdp } from './sdp/write.js';
export {
  answerAudio,
  answerSections,
  rejectedSection,
  sdpRejection,
  type AudioAnswerSpec,
  type SdpAnswerOrigin,
  type SdpAnswerResult,
} from './sdp/answer.js';
export { sdpOf, type SdpBody } from './sdp/body.js';
