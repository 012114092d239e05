import { inject, injectable } from 'inversify';
import { Logger } from '../../../../shared/application/Logger.js';
import { HepSenders, type HepSender } from '../application/HepSender.js';
import type { HepSetting } from '../domain/HepSetting.js';
import { TcpHepSender } from './TcpHepSender.js';
import { UdpHepSender } from './UdpHepSender.js';

/** Links to collectors on this machine's sockets: UDP or TCP as the setting says. */
@injectable()
export class SocketHepSenders extends HepSenders {
  constructor(@inject(Logger) private readonly logger: Logger) {
    super();
  }

  open(setting: HepSetting): HepSender {
    const logger = this.logger.child({ component: 'hep' });
    return setting.transport === 'tcp'
      ? new TcpHepSender(setting, logger).start()
      : new UdpHepSender(setting, logger).start();
  }
}
