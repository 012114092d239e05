import 'reflect-metadata';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { answerClientError } from '../../../src/app/http/clientError.js';
import type { AddressInfo } from 'node:net';
import { injectable } from 'inversify';
import { buildContainer } from '../../../src/app/container.js';
import { createHttpApp, requestListener } from '../../../src/app/http/HttpApp.js';
import {
  operation,
  type OperationDefinition,
  type OperationRequest,
} from '../../../src/shared/interface/http/Operation.js';
import { Reply } from '../../../src/shared/interface/http/Reply.js';
import { OPERATIONS } from '../../../src/app/operations.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { NO_PERMISSIONS, type PermissionSet } from '../../../src/shared/domain/Permission.js';
import { Authenticator } from '../../../src/shared/application/Authenticator.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { ApiClient } from '../../support/ApiClient.js';
import { ResponseSchemas } from '../../support/ResponseSchemas.js';
import { VersionView } from '../../../src/contexts/monitoring/version/interface/http/VersionView.js';
import { FixedAuthenticator } from '../../support/FixedAuthenticator.js';
import { SilentLogger } from '../../support/SilentLogger.js';
import { testConfig } from '../../support/testConfig.js';

const ALL: PermissionSet = {
  api: 'ACCESS',
  userInterface: 'ACCESS',
  tracing: 'ACCESS',
  administration: 'ACCESS',
  mediaRecording: 'ACCESS',
  configurationMode: 'READ_WRITE_ACCESS',
  userManagement: 'READ_WRITE_ACCESS',
  monitoringMode: 'READ_WRITE_ACCESS',
  webServer: 'READ_WRITE_ACCESS',
  backends: 'READ_WRITE_ACCESS',
};

/** Echoes what the adapter handed over, so each body kind and query accessor can be observed. */
@injectable()
class EchoController {
  async echo(request: OperationRequest) {
    return {
      body: request.body,
      file: request.file && {
        name: request.file.filename,
        size: request.file.content.length,
        text: request.file.content.toString('utf8'),
      },
    };
  }
  async text() {
    return Reply.text('Node enabled');
  }
  async empty() {
    return Reply.empty();
  }
  async download() {
    return Reply.file(Buffer.from('content'), 'Konfiguration für €uro "x".xzconfig');
  }
  async fail() {
    throw new Error('boom: internal detail that must not leak');
  }
  async conflict() {
    throw DomainError.conflict('STILL_REFERENCED', 'object is referenced');
  }
  calls = 0;
  async count() {
    this.calls += 1;
    return { calls: this.calls };
  }
  async shaped() {
    return { core: { versionMajor: 1, versionMinor: 2, versionRelease: 3 } };
  }
  async misshaped() {
    return { core: { versionMajor: 'one' } };
  }
  async query(request: OperationRequest) {
    return {
      flag: request.query.optionalBoolean('flag'),
      count: request.query.optionalInteger('count', 0, 10),
      date: request.dates.render(new Date(Date.UTC(2024, 3, 26, 12, 52, 46))),
    };
  }
}

const area = 'test';
const base = { area, version: 0, permissions: ['API'] as const, summary: 'test', controller: EchoController };
const TEST_OPERATIONS: OperationDefinition[] = [
  operation({ ...base, method: 'POST', path: '/api/test/json', body: 'json', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'PUT', path: '/api/test/text', body: 'text', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'POST', path: '/api/test/form', body: 'form', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'PUT', path: '/api/test/file', body: 'multipart', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'DELETE', path: '/api/test/json', body: 'json', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'GET', path: '/api/test/text-reply', body: 'none', handle: (c) => c.text() }),
  operation({ ...base, method: 'GET', path: '/api/test/empty', body: 'none', handle: (c) => c.empty() }),
  operation({ ...base, method: 'GET', path: '/api/test/fail', body: 'none', handle: (c) => c.fail() }),
  operation({ ...base, method: 'GET', path: '/api/test/download', body: 'none', handle: (c) => c.download() }),
  operation({ ...base, method: 'GET', path: '/api/test/conflict', body: 'none', handle: (c) => c.conflict() }),
  operation({ ...base, method: 'GET', path: '/api/test/query', body: 'none', handle: (c, r) => c.query(r) }),
  operation({ ...base, method: 'GET', path: '/api/test/v2', version: 2, body: 'none', handle: (c) => c.text() }),
  operation({ ...base, method: 'POST', path: '/api/test/count', body: 'none', handle: (c) => c.count() }),
  operation({
    ...base,
    method: 'GET',
    path: '/api/test/shaped',
    body: 'none',
    response: { kind: 'json', shape: VersionView },
    handle: (c) => c.shaped(),
  }),
  operation({
    ...base,
    method: 'GET',
    path: '/api/test/misshaped',
    body: 'none',
    response: { kind: 'json', shape: VersionView },
    handle: (c) => c.misshaped(),
  }),
  operation({
    ...base,
    method: 'GET',
    path: '/api/test/admin',
    permissions: ['API', 'ADM', 'CFG-W'],
    body: 'none',
    handle: (c) => c.text(),
  }),
];

/** A server on a free local port with the test operations above and the real operation table, and clients for it. */
export interface ConventionsServer {
  readonly server: Server;
  /** Authenticated as 'tester', who holds every permission. */
  readonly api: ApiClient;
  readonly anonymous: ApiClient;
}

export async function startConventionsServer(): Promise<ConventionsServer> {
  const config = testConfig({ bodyLimits: { json: 2048, text: 256, form: 2048, file: 4096 } });
  const container = buildContainer({
    config,
    logger: new SilentLogger(),
    dataSource: undefined,
    embedded: false,
    clock: new ManualClock(),
  });
  const authenticator = new FixedAuthenticator({
    tester: { password: 'pw', permissions: ALL },
    limited: { password: 'pw', permissions: { ...NO_PERMISSIONS, api: 'ACCESS' } },
  });
  if (container.isBound(Authenticator)) container.rebind(Authenticator).toConstantValue(authenticator);
  else container.bind(Authenticator).toConstantValue(authenticator);
  container.bind(EchoController).toSelf();
  const app = createHttpApp(container, [...TEST_OPERATIONS, ...OPERATIONS]);
  const server = createServer(requestListener(app));
  server.on('clientError', answerClientError); // as HttpListener does for the real server
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ResponseSchemas.forget(baseUrl);
  const api = new ApiClient(baseUrl, { username: 'tester', password: 'pw' });
  const anonymous = new ApiClient(baseUrl);
  return { server, api, anonymous };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
