import { operation } from '../../../../../shared/interface/http/Operation.js';
import { CERTIFICATE_MODES } from '../../domain/DigitalIdentity.js';
import { NodeCertificatesController } from './NodeCertificatesController.js';
import { NodeCertificateView } from './NodeCertificateView.js';

const area = 'Nodes';
const node = {
  name: 'node',
  type: 'string',
  required: true,
  description: 'node id (either id shape) or display name',
} as const;

/** The node certificate operations of the Nodes area: the node's digital identity (CRY_X509_STACK). */
export const certificateOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/nodes/certificates/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary:
      "The node's digital identity as the real product shows it: entries {certificate, privateKey}, its own certificate with what its key is first, then its chain (empty when it has none); never the key itself",
    query: [node],
    response: { kind: 'json', shape: NodeCertificateView, array: true },
    controller: NodeCertificatesController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/nodes/certificates/set',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'multipart',
    summary:
      "Store certificates and/or the private key of a PEM, DER or PKCS#12 file in the node's digital identity (created when missing); the key must belong to the certificate. Answers what get answers then",
    query: [
      node,
      {
        name: 'mode',
        type: 'string',
        required: true,
        values: CERTIFICATE_MODES,
        description: 'what of the file is stored',
      },
      { name: 'password', type: 'string', description: 'password of a PKCS#12 file or an encrypted PEM key' },
    ],
    response: { kind: 'json', shape: NodeCertificateView, array: true },
    controller: NodeCertificatesController,
    handle: (c, r) => c.set(r),
  }),
];
