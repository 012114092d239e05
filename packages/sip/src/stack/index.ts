export * from './types.js';
export * from './digest.js';
export { SipStack } from './stack.js';
export { StreamFramer, type Frame } from './framing.js';
