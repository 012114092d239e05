import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { DigitalIdentity, KEY_TYPES, type KeyType } from './DigitalIdentity.js';

export const IDENTITY_SORT = 'CRY_X509_STACK' as const;

function text(value: ParameterValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** The one mapping between CRY_X509_STACK objects and DigitalIdentity (trust anchors stay on the object). */
export const DigitalIdentityMapper = {
  toEntity(object: ConfigObject): DigitalIdentity {
    const p = object.parameters;
    const keyType = text(p['keyType']);
    return DigitalIdentity.restore({
      id: object.id,
      displayName: object.displayName,
      certificate: text(p['certificate']),
      certificateChain: text(p['certificateChain']),
      privateKey: text(p['privateKey']),
      keyType: (KEY_TYPES as readonly string[]).includes(keyType) ? (keyType as KeyType) : 'OTHER',
      selfSigned: p['selfSigned'] === true,
      subject: text(p['subject']),
    });
  },

  /** The identity's object: the current one changed (a copy) or a new one with the catalog's defaults. */
  toObject(lab: LabId, identity: DigitalIdentity, current: ConfigObject | undefined): ConfigObject {
    const s = identity.snapshot();
    const parameters = {
      keyType: s.keyType,
      selfSigned: s.selfSigned,
      subject: s.subject.slice(0, 1024),
      certificate: s.certificate,
      certificateChain: s.certificateChain,
      privateKey: s.privateKey,
    };
    if (current) {
      const next = current.copy();
      next.setParameters({ ...current.parameters, ...parameters });
      return next;
    }
    const completed = ObjectRules.complete(IDENTITY_SORT, undefined, parameters, {});
    return ConfigObject.create(lab, { id: s.id, sort: IDENTITY_SORT, displayName: s.displayName, ...completed });
  },
};
