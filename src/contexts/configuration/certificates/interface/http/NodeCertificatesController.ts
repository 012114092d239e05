import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { GetNodeCertificates } from '../../application/GetNodeCertificates.js';
import { SetNodeCertificates } from '../../application/SetNodeCertificates.js';
import { CERTIFICATE_MODES } from '../../domain/DigitalIdentity.js';
import { NodeCertificateView } from './NodeCertificateView.js';

const PASSWORD_MAX = 1024;

/** nodes/certificates/get and set. */
@injectable()
export class NodeCertificatesController {
  constructor(
    @inject(GetNodeCertificates) private readonly getCertificates: GetNodeCertificates,
    @inject(SetNodeCertificates) private readonly setCertificates: SetNodeCertificates,
  ) {}

  async get(request: OperationRequest): Promise<NodeCertificateView[]> {
    const certificates = await this.getCertificates.execute(request.lab, request.query.string('node'));
    return certificates.map((c) => NodeCertificateView.of(c, request.dates));
  }

  /** Query parameters first (node, mode, password), then the file. */
  async set(request: OperationRequest): Promise<NodeCertificateView[]> {
    const node = request.query.string('node');
    const mode = request.query.enum('mode', CERTIFICATE_MODES);
    const password = request.query.optionalString('password');
    if (password !== undefined && password.length > PASSWORD_MAX) {
      throw DomainError.invalid(
        'INVALID_QUERY_PARAMETER',
        `query parameter 'password' must be at most ${PASSWORD_MAX} characters`,
        [{ field: 'password', message: `at most ${PASSWORD_MAX} characters` }],
      );
    }
    if (!request.file) {
      throw DomainError.invalid('FILE_REQUIRED', 'send the certificate file as a multipart part named file', [
        { field: 'file', rule: 'required', message: 'file is required' },
      ]);
    }
    const certificates = await this.setCertificates.execute(request.lab, node, {
      mode,
      content: request.file.content,
      ...(password !== undefined ? { password } : {}),
    });
    return certificates.map((c) => NodeCertificateView.of(c, request.dates));
  }
}
