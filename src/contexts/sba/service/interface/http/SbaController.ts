import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { Versioned } from '../../../../../shared/application/Setting.js';
import { ifMatchVersion, jsonWithETag } from '../../../../../shared/interface/http/ETag.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { ChangeSbaService } from '../../application/ChangeSbaService.js';
import { DisableSbaService } from '../../application/DisableSbaService.js';
import { EnableSbaService } from '../../application/EnableSbaService.js';
import { GetSbaService } from '../../application/GetSbaService.js';
import { GetSbaUsers, RefreshSbaUsers } from '../../application/SbaUsers.js';
import { UploadSbaKeyMaterial } from '../../application/UploadSbaKeyMaterial.js';
import type { SbaUser } from '../../domain/SbaDirectory.js';
import type { SbaLog, SbaService } from '../../domain/SbaService.js';
import { SbaFingerprintDto, SbaLogDto, SbaOptionsDto } from './SbaDtos.js';
import type {
  SbaFingerprintView,
  SbaLogView,
  SbaOptionsView,
  SbaPemView,
  SbaStatusView,
  SbaUserView,
} from './SbaViews.js';

const PASSWORD_MAX = 1024;
/** Parameters the real product takes on any request (real-product-notes): never refused. */
const COMMON_QUERY = ['version', 'dateFormat', 'backendName', 'keepSession'];

/**
 * Refuses query parameters the operation does not take: a POST such as enable must not act on a request
 * meant for something else.
 */
function onlyQuery(request: OperationRequest, ...allowed: string[]): void {
  const unknown = request.query.names().filter((name) => !COMMON_QUERY.includes(name) && !allowed.includes(name));
  if (unknown.length > 0) {
    throw DomainError.invalid(
      'UNKNOWN_QUERY_PARAMETER',
      `this operation takes no query parameter ${unknown.map((n) => `'${n}'`).join(', ')}; remove it`,
      unknown.map((name) => ({
        field: name,
        rule: 'unknown',
        message: `${name} is not a query parameter of this operation`,
      })),
    );
  }
}

function notSet(what: string, how: string): DomainError {
  return new DomainError(
    `SBA_${what.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_NOT_SET`,
    'not_found',
    `no SBA ${what} is stored: ${how}`,
  );
}

function fingerprintView(service: SbaService): SbaFingerprintView {
  const { source, value } = service.fingerprint;
  return { source, value };
}

function logView(log: SbaLog): SbaLogView {
  return { level: log.level, directory: log.directory, maxArchiveDays: log.maxArchiveDays };
}

/** The options as answered: never the secret, never the key; the certificate only when asked for (sba/get). */
export function sbaOptionsView(service: SbaService, withCertificate: boolean): SbaOptionsView {
  const s = service.state;
  return {
    ...(s.application !== undefined ? { application: s.application } : {}),
    ...(s.identity !== undefined ? { identity: s.identity } : {}),
    ...(s.tenantId !== undefined ? { tenantId: s.tenantId } : {}),
    log: logView(s.log),
    fingerprint: { source: s.fingerprint.source, value: s.fingerprint.value },
    ...(withCertificate && s.certificate !== undefined ? { certificate: { pem: s.certificate } } : {}),
  };
}

export function sbaStatusView(service: SbaService, render: (date: Date) => string): SbaStatusView {
  const s = service.state;
  return {
    enabled: s.enabled,
    readOnly: false,
    state: s.state,
    ...(s.reason !== undefined ? { stateReason: s.reason } : {}),
    ...(s.lastRequest
      ? {
          lastSbaServiceStatusRequestState: {
            executionTime: render(s.lastRequest.at),
            responseStatus: {
              statusLine: s.lastRequest.statusLine,
              statusCode: s.lastRequest.statusCode,
              protocolVersion: { protocol: 'HTTP', major: 1, minor: 1 },
            },
          },
        }
      : {}),
  };
}

const userView = (user: SbaUser): SbaUserView => ({ ...user });

/** The 24 operations of the collaboration SBA service. */
@injectable()
export class SbaController {
  constructor(
    @inject(GetSbaService) private readonly getService: GetSbaService,
    @inject(ChangeSbaService) private readonly change: ChangeSbaService,
    @inject(EnableSbaService) private readonly enableService: EnableSbaService,
    @inject(DisableSbaService) private readonly disableService: DisableSbaService,
    @inject(UploadSbaKeyMaterial) private readonly upload: UploadSbaKeyMaterial,
    @inject(GetSbaUsers) private readonly getUsers: GetSbaUsers,
    @inject(RefreshSbaUsers) private readonly refreshUsers: RefreshSbaUsers,
  ) {}

  private async versioned(request: OperationRequest): Promise<Versioned<SbaService>> {
    onlyQuery(request);
    return this.getService.execute(request.lab);
  }

  private async read(request: OperationRequest): Promise<SbaService> {
    return (await this.versioned(request)).value;
  }

  /** The version of the SBA options an If-Match names (undefined: none sent). */
  private expected(request: OperationRequest): number | undefined {
    return ifMatchVersion(request.header('if-match'), 'the SBA options');
  }

  /** The options with their version as ETag (one version for options, log and fingerprint). */
  async get(request: OperationRequest): Promise<Reply> {
    const read = await this.versioned(request);
    return jsonWithETag(sbaOptionsView(read.value, true), read.version);
  }

  async set(request: OperationRequest): Promise<Reply> {
    onlyQuery(request);
    const expected = this.expected(request);
    const dto = validateDto(SbaOptionsDto, request.body);
    const log = dto.log ?? undefined;
    const fingerprint = dto.fingerprint ?? undefined;
    const service = await this.change.execute(
      request.lab,
      (s) =>
        s.applyOptions(
          {
            ...(dto.application != null ? { application: dto.application } : {}),
            ...(dto.identity != null ? { identity: dto.identity } : {}),
            ...(dto.tenantId != null ? { tenantId: dto.tenantId } : {}),
            ...(dto.secret != null ? { secret: dto.secret } : {}),
            ...(log ? { log: logChange(log) } : {}),
            ...(fingerprint
              ? {
                  fingerprint: {
                    source: fingerprint.source,
                    ...(fingerprint.value != null ? { value: fingerprint.value } : {}),
                  },
                }
              : {}),
          },
          s.certificateFingerprint,
        ),
      expected,
    );
    return jsonWithETag(sbaOptionsView(service.value, false), service.version);
  }

  async enable(request: OperationRequest): Promise<Reply> {
    onlyQuery(request);
    await this.enableService.execute(request.lab);
    return Reply.empty();
  }

  async disable(request: OperationRequest): Promise<Reply> {
    onlyQuery(request);
    await this.disableService.execute(request.lab);
    return Reply.empty();
  }

  async status(request: OperationRequest): Promise<SbaStatusView> {
    return sbaStatusView(await this.read(request), (date) => request.dates.render(date));
  }

  /** The only answer that ever holds the private key. */
  async privateKey(request: OperationRequest): Promise<Reply> {
    const key = (await this.read(request)).state.privateKey;
    if (key === undefined) throw notSet('private key', 'upload one with sba/privateKey/set');
    return Reply.text(key);
  }

  async certificate(request: OperationRequest): Promise<Reply> {
    const certificate = (await this.read(request)).state.certificate;
    if (certificate === undefined) throw notSet('certificate', 'upload one with sba/certificate/set');
    return Reply.text(certificate);
  }

  private file(request: OperationRequest): { content: Buffer; password: string | undefined } {
    onlyQuery(request, 'password');
    const password = request.query.optionalString('password');
    if (password !== undefined && password.length > PASSWORD_MAX) {
      throw DomainError.invalid(
        'INVALID_QUERY_PARAMETER',
        `query parameter 'password' must be at most ${PASSWORD_MAX} characters`,
        [{ field: 'password', message: `at most ${PASSWORD_MAX} characters` }],
      );
    }
    if (!request.file) {
      throw DomainError.invalid('FILE_REQUIRED', 'send the key or certificate file as a multipart part named file', [
        { field: 'file', rule: 'required', message: 'file is required' },
      ]);
    }
    return { content: request.file.content, password };
  }

  /** Answers the public key of the stored key (never the private key itself). */
  async setPrivateKey(request: OperationRequest): Promise<SbaPemView> {
    const { content, password } = this.file(request);
    const service = await this.upload.privateKey(request.lab, content, password);
    return { pem: service.publicKey! };
  }

  async setCertificate(request: OperationRequest): Promise<SbaPemView> {
    const { content, password } = this.file(request);
    const service = await this.upload.certificate(request.lab, content, password);
    return { pem: service.state.certificate! };
  }

  async fingerprint(request: OperationRequest): Promise<Reply> {
    const read = await this.versioned(request);
    return jsonWithETag(fingerprintView(read.value), read.version);
  }

  async setFingerprint(request: OperationRequest): Promise<Reply> {
    onlyQuery(request);
    const expected = this.expected(request);
    const dto = validateDto(SbaFingerprintDto, request.body);
    const service = await this.change.execute(
      request.lab,
      (s) =>
        s.setFingerprint(
          { source: dto.source, ...(dto.value != null ? { value: dto.value } : {}) },
          s.certificateFingerprint,
          'fingerprint',
        ),
      expected,
    );
    return jsonWithETag(fingerprintView(service.value), service.version);
  }

  private async textValue(
    request: OperationRequest,
    what: string,
    how: string,
    pick: (s: SbaService) => string | undefined,
  ): Promise<Reply> {
    const value = pick(await this.read(request));
    if (value === undefined) throw notSet(what, how);
    return Reply.text(value);
  }

  ipAddress(request: OperationRequest): Promise<Reply> {
    return this.textValue(request, 'IP address', 'set one with sba/ipAddress/set', (s) => s.state.ipAddress);
  }

  identity(request: OperationRequest): Promise<Reply> {
    return this.textValue(request, 'identity', 'set one with sba/identity/set', (s) => s.state.identity);
  }

  tenantId(request: OperationRequest): Promise<Reply> {
    return this.textValue(request, 'tenant id', 'set one with sba/tenantId/set', (s) => s.state.tenantId);
  }

  application(request: OperationRequest): Promise<Reply> {
    return this.textValue(request, 'application', 'set one with sba/application/set', (s) => s.state.application);
  }

  private async setText(
    request: OperationRequest,
    apply: (s: SbaService, value: unknown) => boolean,
  ): Promise<SbaService> {
    onlyQuery(request);
    return (await this.change.execute(request.lab, (s) => apply(s, request.body))).value;
  }

  async setIpAddress(request: OperationRequest): Promise<Reply> {
    return Reply.text((await this.setText(request, (s, v) => s.setIpAddress(v))).state.ipAddress!);
  }

  async setIdentity(request: OperationRequest): Promise<Reply> {
    return Reply.text((await this.setText(request, (s, v) => s.setIdentity(v))).state.identity!);
  }

  async setTenantId(request: OperationRequest): Promise<Reply> {
    await this.setText(request, (s, v) => s.setTenantId(v));
    return Reply.empty();
  }

  async setApplication(request: OperationRequest): Promise<Reply> {
    await this.setText(request, (s, v) => s.setApplication(v));
    return Reply.empty();
  }

  async setSecret(request: OperationRequest): Promise<Reply> {
    await this.setText(request, (s, v) => s.setSecret(v));
    return Reply.empty();
  }

  async log(request: OperationRequest): Promise<Reply> {
    const read = await this.versioned(request);
    return jsonWithETag(logView(read.value.state.log), read.version);
  }

  async setLog(request: OperationRequest): Promise<Reply> {
    onlyQuery(request);
    const expected = this.expected(request);
    const dto = validateDto(SbaLogDto, request.body);
    const saved = await this.change.execute(request.lab, (s) => s.setLog(logChange(dto)), expected);
    return jsonWithETag(logView(saved.value.state.log), saved.version);
  }

  async users(request: OperationRequest): Promise<SbaUserView[]> {
    onlyQuery(request);
    return (await this.getUsers.execute(request.lab)).map(userView);
  }

  async refresh(request: OperationRequest): Promise<SbaUserView[]> {
    onlyQuery(request);
    return (await this.refreshUsers.execute(request.lab)).map(userView);
  }
}

function logChange(dto: SbaLogDto): Partial<SbaLog> {
  return {
    ...(dto.level != null ? { level: dto.level as SbaLog['level'] } : {}),
    ...(dto.directory != null ? { directory: dto.directory } : {}),
    ...(dto.maxArchiveDays != null ? { maxArchiveDays: dto.maxArchiveDays } : {}),
  };
}
