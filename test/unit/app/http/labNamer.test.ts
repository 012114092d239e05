import { expect } from 'chai';
import type { LabId } from '../../../../src/shared/domain/LabId.js';
import { LabGate } from '../../../../src/shared/application/LabGate.js';
import { InMemoryLabDirectory } from '../../../../src/shared/infrastructure/memory/InMemoryLabDirectory.js';
import { labNamer } from '../../../../src/app/http/labPreparer.js';

const lab = 'exercise' as LabId;
const entry = { id: lab, displayName: 'exercise', createdAt: new Date(0) };

describe('labNamer: the lab a request names, once a reset of it has ended', () => {
  it('waits while the lab is dropped and made again, then names it (no 404 in between)', async () => {
    const directory = new InMemoryLabDirectory();
    await directory.add(entry);
    const gate = new LabGate();
    const named = labNamer(gate, directory);
    let remade!: () => void;
    const resetting = gate.closedWhile(lab, async () => {
      await directory.remove(lab);
      await new Promise<void>((resolve) => {
        remade = resolve;
      });
      await directory.add(entry);
    });
    const lookup = named('exercise');
    let settled = false;
    void lookup.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled, 'the lookup waits at the gate').to.equal(false);
    remade();
    await resetting;
    expect(await lookup).to.equal(lab);
  });

  it('answers 404 LAB_NOT_FOUND naming lab for a lab that does not exist, and text no lab can have without waiting', async () => {
    const named = labNamer(new LabGate(), new InMemoryLabDirectory());
    for (const name of ['nowhere', 'Not/A/Lab']) {
      const error = await named(name).then(
        () => undefined,
        (e: unknown) => e as { code: string; details: { field: string }[] },
      );
      expect(error?.code, name).to.equal('LAB_NOT_FOUND');
      expect(error?.details[0]?.field).to.equal('lab');
    }
  });
});
