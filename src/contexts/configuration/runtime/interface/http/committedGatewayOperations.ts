import { operation, type PathParameterSpec } from '../../../../../shared/interface/http/Operation.js';
import { CommittedGatewayController } from './CommittedGatewayController.js';
import { CommittedGatewayView } from './CommittedGatewayViews.js';

const LAB: PathParameterSpec = {
  name: 'lab',
  description: "the lab's name ('default', or one made with POST /_sim/labs)",
};

/** The simulator's view of the committed configuration (a control endpoint, documented in /_sim/openapi.json). */
export const committedGatewayControlOperations = [
  operation({
    area: 'Simulator control',
    method: 'GET',
    path: '/_sim/labs/{lab}/gateway',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    control: true,
    params: [LAB],
    summary:
      'The committed configuration as the simulator carries calls on it: nodes with where the gateway listens and their far end, ' +
      'routing domains with their routes in order, and what did not compile (configuration readers may read it)',
    response: { kind: 'json', shape: CommittedGatewayView },
    controller: CommittedGatewayController,
    handle: (c, r) => c.get(r),
  }),
];
