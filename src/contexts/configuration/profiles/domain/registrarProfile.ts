import type { SipPhoneRegistrarProfile } from './NodeProfile.js';

/** The preset of nodes/addSipPhoneRegistrar: SIP phones registering at the gateway. */
export const SIP_PHONE_REGISTRAR_PROFILE: SipPhoneRegistrarProfile = {
  id: 'a5c0f1e2-6b3d-4f7a-9c21-3e8d5b7a9f10',
  displayName: 'SIP phone registrar',
  sipDomain: 'phones.example.com',
  wizard: { udpTcpPort: 5090, tlsPort: 5091, useTls: false, userAgentHeader: 'anynode' },
};
