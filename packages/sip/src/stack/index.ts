export * from './types.js';
export * from './digest.js';
export { SipStack } from './stack.js';
export { ExpiryQueue } from './expiry.js';
export { StreamFramer, type Frame } from './framing.js';
