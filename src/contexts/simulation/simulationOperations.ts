import { operation, type PathParameterSpec } from '../../shared/interface/http/Operation.js';
import { DATE_FORMATS } from '../../shared/interface/http/WireDates.js';
import { ActiveSessionsController } from './calls/interface/http/ActiveSessionsController.js';
import { ActiveSessionsFilterDto, SetMuteRequestDto, TelIdentDto } from './calls/interface/http/ActiveSessionDtos.js';
import { ActiveSessionsView } from './calls/interface/http/ActiveSessionViews.js';
import { TrafficControlController } from './calls/interface/http/TrafficControlController.js';
import { TrafficControlDto } from './calls/interface/http/TrafficDtos.js';
import { TrafficSeriesView, TrafficStateView } from './calls/interface/http/TrafficViews.js';
import { PlaceCallDto } from './calls/interface/http/PlaceCallDto.js';
import { PlacedCallView } from './calls/interface/http/PlacedCallView.js';
import { DashboardController } from './dashboard/interface/http/DashboardController.js';
import { DashboardView } from './dashboard/interface/http/DashboardViews.js';
import { SipControlController } from './sip/interface/http/SipControlController.js';
import { SipControlDto } from './sip/interface/http/SipControlDto.js';
import { SipBlocksLiftedView, SipStateView } from './sip/interface/http/SipViews.js';
import { HepControlController } from './hep/interface/http/HepControlController.js';
import { HepControlDto } from './hep/interface/http/HepControlDto.js';
import { HepStateView } from './hep/interface/http/HepViews.js';

const LAB: PathParameterSpec = {
  name: 'lab',
  description: "the lab's name ('default', or one made with POST /_sim/labs)",
};

const area = 'Monitoring and call history';

/** The gateway operations the simulator answers from the calls it carries. */
export const simulationOperations = [
  operation({
    area: 'Dashboard',
    method: 'GET',
    path: '/api/dashboard/get',
    version: 0,
    live: true,
    permissions: ['API', 'MON-R'],
    body: 'none',
    beyondSpecification:
      "the real product's dashboard, which its monitoring clients read (a public Prometheus exporter among them); shapes as those clients bind them",
    summary:
      'The gateway at a glance: each SIP node (operational, network and registration state, calls in progress, OPTIONS keep-alives, ports, registered phones, transport connections), the directory connections, the certificates with days to expiry',
    query: [
      {
        name: 'dateFormat',
        type: 'string',
        values: DATE_FORMATS,
        description: 'XZWO (default, `UTC 2023-12-31 23:59:59`) or ISO-8601',
      },
    ],
    response: { kind: 'json', shape: DashboardView },
    controller: DashboardController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/activeSessions/get',
    version: 0,
    live: true,
    permissions: ['API', 'MON-R'],
    body: 'json',
    summary:
      'The sessions in progress (oldest first), filtered by number (numberFilterMode startswith, contains or exact) and count',
    query: [
      {
        name: 'dateFormat',
        type: 'string',
        values: DATE_FORMATS,
        description: 'XZWO (default, `UTC 2023-12-31 23:59:59`) or ISO-8601',
      },
    ],
    request: ActiveSessionsFilterDto,
    response: { kind: 'json', shape: ActiveSessionsView },
    controller: ActiveSessionsController,
    handle: (c, r) => c.activeSessions(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/forwardedSessionRecording/lookupByLocalSessionIdentification',
    version: 0,
    live: true,
    permissions: ['API', 'ADM'],
    body: 'json',
    summary:
      'The identifiers of the recorded sessions in progress matching TelIdent ({} matches all): a JSON array of strings',
    request: TelIdentDto,
    response: { kind: 'scalar', type: 'string', array: true },
    controller: ActiveSessionsController,
    handle: (c, r) => c.lookup(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/forwardedSessionRecording/setMute',
    version: 0,
    live: true,
    permissions: ['API', 'ADM'],
    body: 'json',
    summary: 'Mute or unmute the recording of a session in progress (404 unknown or ended session, 409 not recorded)',
    request: SetMuteRequestDto,
    response: { kind: 'empty' },
    controller: ActiveSessionsController,
    handle: (c, r) => c.setMute(r),
  }),
];

const controlArea = 'Simulator control';

/** The simulator's own control endpoints (not gateway operations; administrators only). */
export const simulationControlOperations = [
  operation({
    area: controlArea,
    method: 'GET',
    path: '/_sim/labs/{lab}/traffic',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    live: true,
    params: [LAB],
    summary:
      'The traffic of the lab: running or not, the profile, counters of calls started, ended, active, by result and by gate',
    response: { kind: 'json', shape: TrafficStateView },
    controller: TrafficControlController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area: controlArea,
    method: 'GET',
    path: '/_sim/labs/{lab}/traffic/series',
    version: 0,
    permissions: ['API', 'MON-R'],
    body: 'none',
    control: true,
    live: true,
    params: [LAB],
    summary:
      "The traffic of the last hour (or `minutes`) of the lab's time in 10-second intervals: calls per second and the peak of concurrent sessions (the console's charts); monitoring readers may read it",
    query: [{ name: 'minutes', type: 'integer', description: 'how far back, 1 to 60 (default 60)' }],
    response: { kind: 'json', shape: TrafficSeriesView },
    controller: TrafficControlController,
    handle: (c, r) => c.series(r),
  }),
  operation({
    area: controlArea,
    method: 'PUT',
    path: '/_sim/labs/{lab}/traffic',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    live: true,
    params: [LAB],
    summary:
      'Start or stop the arrivals ({running}) and/or set the traffic profile ({profile}, checked field by field; it takes effect at once)',
    request: TrafficControlDto,
    response: { kind: 'json', shape: TrafficStateView },
    controller: TrafficControlController,
    handle: (c, r) => c.put(r),
  }),
  operation({
    area: controlArea,
    method: 'POST',
    path: '/_sim/labs/{lab}/traffic/calls',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    live: true,
    params: [LAB],
    summary:
      "Place one call now: a simulated caller at a committed node ({node}: id or display name) dials {called} (from {calling}), and the gateway carries it as any call; the far end gives {outcome} or what the lab's profile draws. The lab's traffic is left as it is",
    request: PlaceCallDto,
    response: { kind: 'json', shape: PlacedCallView },
    controller: TrafficControlController,
    handle: (c, r) => c.place(r),
  }),
  operation({
    area: controlArea,
    method: 'GET',
    path: '/_sim/labs/{lab}/sip',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    live: true,
    params: [LAB],
    summary:
      "The lab's real SIP: whether it is on, the bind address and port offset, each node's listeners (listening or failed, and why), who answers at each node's far end, whom each node hears (its network peer whitelists) and what it refused, the registrars' guard and the blocks in force, and the trunks the gateway watches (their keep-alives and registrations, toward real and simulated far ends)",
    response: { kind: 'json', shape: SipStateView },
    controller: SipControlController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area: controlArea,
    method: 'PUT',
    path: '/_sim/labs/{lab}/sip',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    live: true,
    params: [LAB],
    summary:
      "Turn the lab's real SIP on or off ({enabled}), shift its ports ({portOffset}), say who answers at each node's far end ({farEnds}), " +
      'what each node does with peers outside its whitelist ({outsidePeers}: drop or forbid) and how its registrars meet password guessing ({registrarGuard}); ' +
      'the listeners follow at once. A port another lab listens on is refused, and the setting stays as it was',
    request: SipControlDto,
    response: { kind: 'json', shape: SipStateView },
    controller: SipControlController,
    handle: (c, r) => c.put(r),
  }),
  operation({
    area: controlArea,
    method: 'DELETE',
    path: '/_sim/labs/{lab}/sip/blocks',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    live: true,
    params: [LAB],
    summary:
      "Lift the lab's registrar blocks (an administrator's act): a source address's (`source`), a user's at every registrar node (`user`), or every one (neither); their failure counts start over. Answers the blocks lifted; 404 SIP_BLOCK_NOT_FOUND when the one named is not blocked",
    query: [
      { name: 'source', type: 'string', description: 'the blocked source address (IPv4 or IPv6)' },
      { name: 'user', type: 'string', description: 'the blocked user name' },
    ],
    response: { kind: 'json', shape: SipBlocksLiftedView },
    controller: SipControlController,
    handle: (c, r) => c.lift(r),
  }),
  operation({
    area: controlArea,
    method: 'GET',
    path: '/_sim/labs/{lab}/hep',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    live: true,
    params: [LAB],
    summary:
      "Where the lab sends its SIP messages as HEP3 (a Homer or sngrep collector): on or off, the collector, the transport, the capture id, whether a password is set (never the password), and how the messages fare (sent, dropped, the link's state)",
    response: { kind: 'json', shape: HepStateView },
    controller: HepControlController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area: controlArea,
    method: 'PUT',
    path: '/_sim/labs/{lab}/hep',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    live: true,
    params: [LAB],
    summary:
      'Send every SIP message the lab records (real and synthetic calls, both legs, as the message history has them) to a HEP collector, or stop ({enabled, host, port, transport udp|tcp, captureId, password}; fields left out keep their values; checked field by field)',
    request: HepControlDto,
    response: { kind: 'json', shape: HepStateView },
    controller: HepControlController,
    handle: (c, r) => c.put(r),
  }),
];
