import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateClientTypes, type OpenApiDocument } from './generateClientTypes.js';

/** The documents the client is typed from (checked-in copies of what gwsim serves) and the modules made from them. */
export const SOURCES = [
  { document: 'openapi/gateway.json', module: 'src/generated/gateway.ts', name: 'Gateway' },
  { document: 'openapi/control.json', module: 'src/generated/control.ts', name: 'Control' },
] as const;

/** The package's root (dist/src/codegen → ../../..). */
export const PACKAGE_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The module text for one source, from the checked-in document. */
export function generatedModule(source: (typeof SOURCES)[number], root = PACKAGE_ROOT): string {
  const document = JSON.parse(readFileSync(path.join(root, source.document), 'utf8')) as OpenApiDocument;
  return generateClientTypes(document, source.name, source.document);
}

if (require.main === module) {
  for (const source of SOURCES) {
    writeFileSync(path.join(PACKAGE_ROOT, source.module), generatedModule(source));
    console.log(`wrote ${source.module} from ${source.document}`);
  }
}
