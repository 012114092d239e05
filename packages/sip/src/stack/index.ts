export * from './types.js';
export * from './digest.js';
export { SipStack } from './stack.js';
export { ExpiryQueue } from './expiryQueue.js';
export { StreamFramer, type Frame } from './streamFramer.js';
