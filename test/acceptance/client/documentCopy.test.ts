import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { COMMON_ERROR_CODES } from '@gwsim/client';
import { generatedModule, PACKAGE_ROOT, SOURCES } from '@gwsim/client/dist/src/codegen/main.js';
import { TestGateway } from '../../support/TestGateway.js';

const SRC = path.resolve(__dirname, '..', '..', '..', '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : name.endsWith('.ts') ? [file] : [];
  });
}

describe('@gwsim/client is typed from what the server serves', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  before(async () => {
    gateway = await TestGateway.start({ store: 'memory' });
  });
  after(() => gateway.stop());

  for (const [source, served] of [
    [SOURCES[0], '/openapi.json'],
    [SOURCES[1], '/_sim/openapi.json'],
  ] as const) {
    it(`its checked-in ${source.document} equals ${served} (refresh with npm run client:openapi)`, async () => {
      const checkedIn = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, source.document), 'utf8')) as unknown;
      const response = await fetch(new URL(served, gateway.baseUrl));
      expect(response.status).to.equal(200);
      expect(checkedIn, `${source.document} differs from ${served}: run npm run client:openapi`).to.deep.equal(
        await response.json(),
      );
    });

    it(`its ${source.module} is what the generator makes of ${source.document}`, () => {
      expect(
        readFileSync(path.join(PACKAGE_ROOT, source.module), 'utf8'),
        `run npm run generate -w @gwsim/client`,
      ).to.equal(generatedModule(source));
    });
  }

  it('offers only error codes the server can answer', () => {
    const text = sources(SRC)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unknown = COMMON_ERROR_CODES.filter((code) => !text.includes(`'${code}'`));
    expect(unknown).to.deep.equal([]);
  });
});
