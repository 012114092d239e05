import path from 'node:path';

/** The demo's files, shipped with the package: the configuration, the traffic profile and the scenarios (demo/scenarios). */
export const DEMO_DIRECTORY = path.resolve(__dirname, '..', '..', '..', '..', 'demo');
