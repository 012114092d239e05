import { operation, type PathParameterSpec } from '../../../../../shared/interface/http/Operation.js';
import { CONFIGURATION_FILE_MEDIA_TYPE } from '../../../revisions/application/ConfigurationFile.js';
import { CoreConfigController } from '../../../revisions/interface/http/CoreConfigController.js';
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
  operation({
    area: 'Simulator control',
    method: 'GET',
    path: '/_sim/labs/{lab}/configuration/committed',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    control: true,
    params: [LAB],
    summary:
      'The committed configuration as a configuration file (.xzconfig, the format of coreConfig/get, private data included), ' +
      "beside coreConfig/get's working one: a client compares the two for the changes a commit would publish",
    response: { kind: 'file', contentType: CONFIGURATION_FILE_MEDIA_TYPE },
    controller: CoreConfigController,
    handle: (c, r) => c.getCommitted(r),
  }),
];
