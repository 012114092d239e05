import type { Container } from 'inversify';
import { DomainError } from '../../shared/domain/DomainError.js';
import type { LabId } from '../../shared/domain/LabId.js';
import { LabDemo } from '../../contexts/control/index.js';

/**
 * `reset {to: "demo"}`: the demo installed in a lab just reset, as a fresh start installs it in the default lab
 * (DemoLoader: the configuration imported and committed, the lab license, the traffic running); the demo's modules
 * load on first use.
 */
export class DemoLabInstaller extends LabDemo {
  constructor(private readonly container: Container) {
    super();
  }

  async install(lab: LabId): Promise<void> {
    const loader = require('./DemoLoader.js') as typeof import('./DemoLoader.js');
    if (!(await loader.installDemo(this.container, lab))) {
      // a lab just reset holds the factory configuration: anything else was changed meanwhile
      throw DomainError.conflict(
        'LAB_CHANGED',
        `lab '${lab}' was changed while it was being reset to the demo: reset it again`,
      );
    }
    await loader.startDemoTraffic(this.container, true, lab);
  }
}
