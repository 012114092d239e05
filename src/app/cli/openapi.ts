import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT } from './exitCodes.js';

export interface OpenApiOptions {
  /** The simulator's control document (/_sim/openapi.json) instead of the gateway's (/openapi.json). */
  readonly control: boolean;
  /** A file to write instead of standard output. */
  readonly output?: string;
}

/**
 * `gwsim openapi`: prints (or writes) the OpenAPI document the server serves at /openapi.json, or with
 * --control the one at /_sim/openapi.json, built from the same operation table without starting anything.
 * packages/client's checked-in copies are refreshed with it (npm run client:openapi).
 */
export async function printOpenApi(options: OpenApiOptions): Promise<number> {
  require('reflect-metadata');
  const { openApiDocumentText } =
    require('../http/openApiDocumentText.js') as typeof import('../http/openApiDocumentText.js');
  const { SERVED_OPERATIONS } = require('../operations.js') as typeof import('../operations.js');
  const text = `${JSON.stringify(JSON.parse(openApiDocumentText(SERVED_OPERATIONS, options.control ? 'control' : 'gateway')), null, 2)}\n`;
  if (options.output) {
    writeFileSync(path.resolve(options.output), text);
    console.error(`wrote ${path.resolve(options.output)}`);
  } else {
    // waited for: the process exits right after, and a pipe takes a large document in several writes
    await new Promise<void>((resolve, reject) =>
      process.stdout.write(text, (error) => (error ? reject(error) : resolve())),
    );
  }
  return EXIT.ok;
}
