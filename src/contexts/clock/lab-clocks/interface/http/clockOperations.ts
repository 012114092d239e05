import { operation, type PathParameterSpec } from '../../../../../shared/interface/http/Operation.js';
import { ClockController } from './ClockController.js';
import { AdvanceClockDto, SetClockDto } from './ClockDtos.js';
import { ClockView } from './ClockView.js';

const LAB: PathParameterSpec = {
  name: 'lab',
  description: "the lab's name ('default', or one made with POST /_sim/labs)",
};

const area = 'Simulator control';

/** The lab clock's control endpoints (administrators; documented in /_sim/openapi.json). */
export const clockControlOperations = [
  operation({
    area,
    method: 'GET',
    path: '/_sim/labs/{lab}/clock',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB],
    summary: "The lab's gateway clock: its mode (real, scaled, frozen), its rate, the lab's time and the wall clock's",
    response: { kind: 'json', shape: ClockView },
    controller: ClockController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/_sim/labs/{lab}/clock',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    params: [LAB],
    summary:
      "Sets the lab's clock: {mode: real | scaled | frozen, scale? (scaled), now? (an instant to go on from) or offsetSeconds? (from the wall clock's time; {mode: real, offsetSeconds: 0} is back to wall time)}; every time-driven behaviour follows it. Kept across restarts",
    request: SetClockDto,
    response: { kind: 'json', shape: ClockView },
    controller: ClockController,
    handle: (c, r) => c.set(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/_sim/labs/{lab}/clock/advance',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    params: [LAB],
    summary:
      'Moves the lab\'s time forward by an ISO-8601 duration ({by: "PT2H"}), in any mode. The simulator does not replay the calls of a jump: calls in progress end, new calls arrive from the new time',
    request: AdvanceClockDto,
    response: { kind: 'json', shape: ClockView },
    controller: ClockController,
    handle: (c, r) => c.advance(r),
  }),
];
