import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { fixture, freeUdpPort, runSipp } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { addRegistrar } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';

/**
 * A SIP phone registrar node "Phones" (domain phones.test, one user alice with a password) added and committed in a
 * lab with real SIP on, then alice registered at it by SIPp with her digest: answers the registrar's UDP port.
 */
export async function registrarWithAlice(
  admin: ApiClient,
  lab: { commit(): Promise<void>; sip(body: Record<string, unknown>): Promise<any> },
  tlsPort: number,
): Promise<number> {
  const port = await freeUdpPort();
  const directory = await createObject(admin, 'USRDB_DIRECTORY', 'Phone users', {
    users: [{ name: 'alice', phoneNumber: '', extension: '100', sipUri: '', emailAddress: '' }],
  });
  await createObject(admin, 'SIPAUTH_STACK', 'alice', { username: 'alice', password: 'Alice-Pw-1' });
  await addRegistrar(admin, {
    displayName: 'Phones',
    udpTcpPort: port,
    tlsPort,
    sipDomain: 'phones.test',
    sipPhoneRegistrarDirectoryId: directory['id'],
  });
  await lab.commit();
  await until(
    async () =>
      (await lab.sip({})).listeners.some(
        (l: { nodeName: string; transport: string; state: string }) =>
          l.nodeName === 'Phones' && l.transport === 'UDP' && l.state === 'listening',
      ),
    'the registrar listening',
    10_000,
  );
  const registered = await runSipp({
    scenario: fixture('uac-register-auth'),
    remote: `127.0.0.1:${port}`,
    keys: { user: 'alice', password: 'Alice-Pw-1', domain: 'phones.test' },
    calls: 1,
    timeoutMs: 30_000,
  });
  expect(registered.successful, `${registered.errors}\n${registered.stderr}`).to.equal(1);
  return port;
}
