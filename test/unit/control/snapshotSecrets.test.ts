import { expect } from 'chai';
import { SortCatalog } from '../../../src/contexts/configuration/graph/domain/catalog/SortCatalog.js';
import { isSecretType } from '../../../src/contexts/configuration/graph/domain/catalog/ParameterType.js';
import { isSecretName, mapSecrets } from '../../../src/contexts/control/snapshots/domain/SecretFields.js';
import { Sealer } from '../../../src/contexts/control/snapshots/application/SnapshotSealing.js';
import { SBA_SERVICE_SETTING } from '../../../src/contexts/sba/service/application/SbaServiceSetting.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';

describe('the secrets of an exported snapshot', () => {
  it('seals every secret parameter of the configuration catalog (held to the rule by name)', () => {
    const secret = SortCatalog.all().flatMap((definition) =>
      definition.parameters.filter((p) => isSecretType(p.type)).map((p) => `${definition.sort}.${p.name}`),
    );
    expect(secret.length).to.be.greaterThan(5);
    expect(
      secret.filter((name) => !isSecretName(name.split('.')[1]!)),
      'secret parameters the rule misses',
    ).to.deep.equal([]);
  });

  it("seals the SBA service's secret and private key, and no hash nor setting about passwords", () => {
    const service = SBA_SERVICE_SETTING.initial('x' as LabId);
    service.setSecret('s3cret');
    const stored = SBA_SERVICE_SETTING.encode(service);
    const { sealed } = mapSecrets({ value: stored }, () => ({ $sealed: 'X' }));
    expect(sealed).to.include('value.secret');
    expect(isSecretName('privateKey') && isSecretName('secret')).to.equal(true);
    for (const name of [
      'password_hash',
      'obsolete_password_hashes',
      'passwordExpiration',
      'password_change',
      'seed_fingerprint',
      'passwordExpirationWarning',
    ]) {
      expect(isSecretName(name), name).to.equal(false);
    }
  });

  it('replaces secrets at any depth, leaves empty ones and everything else, and names where it sealed', () => {
    const state = {
      tables: {
        config_object: [{ parameters: { sharedSecret: 's3', comment: 'x', empty: { password: '' } } }],
        lab_setting: [{ value: { nested: [{ privateKey: 'PEM' }] } }],
      },
    };
    const { value, sealed } = mapSecrets(state, () => ({ $sealed: 'X' }));
    expect(sealed).to.deep.equal([
      'tables.config_object[0].parameters.sharedSecret',
      'tables.lab_setting[0].value.nested[0].privateKey',
    ]);
    expect(JSON.stringify(value)).to.not.contain('s3');
    expect(JSON.stringify(value)).to.not.contain('PEM');
    expect(JSON.stringify(value)).to.contain('"password":""');
  });

  it('opens a sealed value with the passphrase only', async () => {
    const sealer = await Sealer.create('a passphrase long enough');
    const sealed = sealer.seal('the secret');
    expect(JSON.stringify(sealed)).to.not.contain('the secret');
    expect((await Sealer.open(sealer.sealing, 'a passphrase long enough')).open(sealed, 'x')).to.equal('the secret');
    let refused: { code?: string; details?: Array<{ field: string }> } | undefined;
    try {
      await Sealer.open(sealer.sealing, 'another passphrase');
    } catch (error) {
      refused = error as typeof refused;
    }
    expect(refused?.code).to.equal('WRONG_PASSPHRASE');
    expect(refused?.details?.[0]?.field).to.equal('passphrase');
  });
});
