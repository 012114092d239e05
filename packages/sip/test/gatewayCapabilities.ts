import type { RequestCapabilities } from '../src/index.js';

/** What a session gateway like gwsim's serves, for the request checks. */
export const GATEWAY: RequestCapabilities = {
  methods: ['INVITE', 'ACK', 'CANCEL', 'BYE', 'OPTIONS', 'INFO', 'UPDATE', 'PRACK', 'REGISTER'],
  optionTags: ['100rel', 'timer', 'replaces'],
  contentTypes: ['application/sdp', 'application/dtmf-relay', 'application/dtmf', 'multipart/mixed', 'message/sipfrag'],
  answeredLocally: ['OPTIONS', 'REGISTER'],
};
