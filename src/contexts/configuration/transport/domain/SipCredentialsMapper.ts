import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, DEFAULT_COMMON } from '../../graph/domain/ConfigObject.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { SipCredentials } from './SipCredentials.js';

const SORT: ObjectSort = 'SIPAUTH_STACK';

function text(object: ConfigObject, name: string): string {
  const value = object.parameters[name];
  return typeof value === 'string' ? value : '';
}

/** The one mapping between SIP credentials and their SIPAUTH_STACK object. */
export const SipCredentialsMapper = {
  SORT,

  fromObject(object: ConfigObject): SipCredentials {
    return SipCredentials.restore({
      id: object.id,
      displayName: object.displayName,
      username: text(object, 'username'),
      password: text(object, 'password'),
      authorizationUsername: text(object, 'authorizationUsername'),
      realm: text(object, 'realm'),
    });
  },

  toObject(lab: LabId, credentials: SipCredentials, current: ConfigObject | undefined): ConfigObject {
    const completed = ObjectRules.complete(
      SORT,
      current?.snapshot(),
      {
        username: credentials.username,
        password: credentials.password,
        authorizationUsername: credentials.authorizationUsername,
        realm: credentials.realm,
      },
      {},
    );
    return new ConfigObject(lab, {
      id: credentials.id,
      sort: SORT,
      displayName: credentials.displayName,
      ...completed,
      common: current?.common ?? DEFAULT_COMMON,
      note: current?.note ?? '',
      metadata: current?.metadata ?? {},
      version: current?.version ?? 0,
    });
  },
};
