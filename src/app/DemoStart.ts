import type { Container } from 'inversify';
import type { AppConfig } from './config/AppConfig.js';
import type { DemoOutcome } from './demo/DemoLoader.js';

/**
 * The demo at start-up (GWSIM_DEMO): its configuration is in place before anything is served; its traffic
 * starts later, once the monitor is there. The demo's modules load only when the demo is on.
 */
export class DemoStart {
  private constructor(
    private readonly container: Container,
    private readonly loader: typeof import('./demo/DemoLoader.js'),
    private readonly installed: boolean,
  ) {}

  /** Installs the demo's configuration; undefined when the demo is off. */
  static async install(container: Container, config: AppConfig): Promise<DemoStart | undefined> {
    if (!config.demo) return undefined;
    const loader = require('./demo/DemoLoader.js') as typeof import('./demo/DemoLoader.js');
    return new DemoStart(container, loader, await loader.installDemo(container));
  }

  startTraffic(): Promise<DemoOutcome> {
    return this.loader.startDemoTraffic(this.container, this.installed);
  }
}
