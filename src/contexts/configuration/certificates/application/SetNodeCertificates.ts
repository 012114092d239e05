import { catalogProblems, freeName } from '../../graph/application/viewWrites.js';
import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { DigitalIdentity, readCertificateFile, type CertificateMode } from '../domain/DigitalIdentity.js';
import { DigitalIdentityMapper, IDENTITY_SORT } from '../domain/DigitalIdentityMapper.js';
import { nodeIdentityPath } from '../domain/NodeIdentityPath.js';
import { nodeCertificates, type NodeCertificateEntry } from './NodeCertificates.js';

/** The upload of certificates/set. */
export interface CertificateUpload {
  readonly mode: CertificateMode;
  readonly content: Buffer;
  readonly password?: string;
}

/**
 * Stores certificates and/or a private key from an uploaded file (PEM, DER or PKCS#12) in the digital identity
 * of a node (see NodeIdentityPath). A node whose SIP transport has no network security profile gets one (INS_STACK,
 * catalog defaults), and a profile without an identity gets one (CRY_X509_STACK): both named after the node.
 * An identity shared by several profiles is changed for all of them. All or nothing; answers the certificates and key as get does.
 */
@injectable()
export class SetNodeCertificates {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(lab: LabId, node: string, upload: CertificateUpload): Promise<NodeCertificateEntry[]> {
    const material = readCertificateFile(upload.content, upload.password);
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const path = nodeIdentityPath(graph, resolveObject(graph, node, ['TELSIP_STACK'], 'Node'));
      if (!path.transport) {
        throw DomainError.conflict(
          'NODE_HAS_NO_SIP_TRANSPORT',
          `node '${path.node.displayName}' has no SIP user agent with a SIP transport to hold a security profile`,
        );
      }
      const saved: ConfigObject[] = [];
      const identityObject = path.identity;
      const identity = identityObject
        ? DigitalIdentityMapper.toEntity(identityObject)
        : DigitalIdentity.empty(
            this.ids.uuid(),
            freeName(graph, IDENTITY_SORT, `${path.node.displayName} digital identity`),
          );
      const changed = identity.withMaterial(upload.mode, material);
      const identityNext = DigitalIdentityMapper.toObject(lab, changed, identityObject);
      saved.push(identityNext);
      if (!path.securityProfile) {
        const completed = ObjectRules.complete('INS_STACK', undefined, {}, { digitalIdentityId: [identityNext.id] });
        const profile = ConfigObject.create(lab, {
          id: this.ids.uuid(),
          sort: 'INS_STACK',
          displayName: freeName(graph, 'INS_STACK', `${path.node.displayName} security profile`),
          ...completed,
        });
        const transport = path.transport.copy();
        transport.setReferences('networkSecurityProfileId', [profile.id]);
        saved.push(profile, transport);
      } else if (!identityObject) {
        const profile = path.securityProfile.copy();
        profile.setReferences('digitalIdentityId', [identityNext.id]);
        saved.push(profile);
      }
      const details = catalogProblems(graph, saved);
      if (details.length > 0) {
        throw DomainError.invalid(
          'CERTIFICATE_FILE_INVALID',
          `the file's content cannot be stored: ${details.map((d) => d.message).join('; ')}`,
          details.map((d) => ({ ...d, field: 'file' })),
        );
      }
      if (identityObject && JSON.stringify(identityObject.snapshot()) === JSON.stringify(identityNext.snapshot())) {
        return nodeCertificates(changed);
      }
      await this.working.beforeChange(lab);
      await this.working.save(...saved);
      return nodeCertificates(changed);
    });
  }
}
