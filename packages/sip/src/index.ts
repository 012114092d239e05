export * from './message.js';
export * from './parse.js';
export * from './build.js';
export * from './sdp.js';
export * from './render.js';
export * from './stack/index.js';
