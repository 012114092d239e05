import { ApiClient } from './ApiClient.js';
import { Session, type SessionOptions } from './Session.js';
import { GATEWAY_VERSIONS, type GatewayOperations } from './generated/gateway.js';
import { CONTROL_VERSIONS, type ControlOperations } from './generated/control.js';

/**
 * The gateway's management API, typed per operation from /openapi.json: `gateway.get('/api/users/get')`
 * answers `UserView[]`; `version` is filled in per operation; Basic credentials and the JSESSIONID session are
 * kept (see Session); an error answer throws a GatewayError with its `code`. `sim` reaches gwsim's own
 * endpoints (/_sim/..., typed from /_sim/openapi.json) on the same session; against a real gateway leave it be.
 */
export class GatewayClient extends ApiClient<GatewayOperations> {
  readonly session: Session;
  /** gwsim's control endpoints (/_sim/health, /_sim/ready, /_sim/metrics, and the simulator's own operations). */
  readonly sim: ApiClient<ControlOperations>;

  constructor(options: SessionOptions) {
    const session = new Session(options);
    super(session, GATEWAY_VERSIONS);
    this.session = session;
    this.sim = new ApiClient<ControlOperations>(session, CONTROL_VERSIONS);
  }
}
