export * from './g711.js';
export * from './wav.js';
export * from './synthesize.js';
