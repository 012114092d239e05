import { injectable } from 'inversify';
import { LoadGauge } from '../domain/LoadGauge.js';

/** The load of a gateway that carries no traffic: what every lab reports until the simulator drives it. */
@injectable()
export class IdleLoadGauge extends LoadGauge {
  activeSessions(): number {
    return 0;
  }

  storedBytes(): number {
    return 0;
  }
}
