import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { PlaceCall } from '../../application/PlaceCall.js';
import { TrafficLabs, type TrafficState } from '../../application/TrafficLabs.js';
import { trafficProfile, type TrafficProfile, type TrafficProfileInput } from '../../domain/TrafficProfile.js';
import { PlaceCallDto } from './PlaceCallDto.js';
import type { PlacedCallView } from './PlacedCallView.js';
import { TrafficControlDto, TrafficProfileDto } from './TrafficDtos.js';
import type { TrafficSeriesView, TrafficStateView } from './TrafficViews.js';

/** A copy without the keys whose value is undefined, nested objects and arrays too. */
function defined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(defined) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, defined(v)]),
  ) as T;
}

export function profileFromDto(dto: TrafficProfileDto): TrafficProfile {
  const plain = defined({ ...dto }) as Record<string, unknown> & TrafficProfileDto;
  const input = {
    ...plain,
    ...(plain.numberPlans
      ? { numberPlans: plain.numberPlans.map((plan) => ({ ...plan, weight: plan.weight ?? 1 })) }
      : {}),
    ...(plain.defaultNumberPlan
      ? { defaultNumberPlan: { ...plain.defaultNumberPlan, weight: plain.defaultNumberPlan.weight ?? 1 } }
      : {}),
  } as TrafficProfileInput;
  return trafficProfile(input);
}

function stateView(state: TrafficState): TrafficStateView {
  const counters = state.counters;
  return {
    running: state.running,
    profile: defined(state.profile) as TrafficProfileDto,
    ...(state.time ? { time: state.time.toISOString() } : {}),
    counters: {
      started: counters?.started ?? 0,
      ended: counters?.ended ?? 0,
      active: state.active,
      byResult: { ANSWERED: 0, BUSY: 0, NO_ANSWER: 0, REJECTED: 0, FAILED: 0, CANCELLED: 0, ...counters?.byResult },
      refusedBy: {
        standbyInactive: 0,
        maintenance: 0,
        overload: 0,
        capacityExhausted: 0,
        noRoute: 0,
        routeRejects: 0,
        routeIgnores: 0,
        noUsableTarget: 0,
        ...counters?.refusedBy,
      },
    },
    ...(state.planGeneration !== undefined ? { planGeneration: state.planGeneration } : {}),
  };
}

/** The simulator's traffic control endpoint (`/_sim/labs/{lab}/traffic`). */
@injectable()
export class TrafficControlController {
  constructor(
    @inject(TrafficLabs) private readonly labs: TrafficLabs,
    @inject(PlaceCall) private readonly placeCall: PlaceCall,
  ) {}

  async get(request: OperationRequest): Promise<TrafficStateView> {
    return stateView(this.labs.state(request.lab));
  }

  async series(request: OperationRequest): Promise<TrafficSeriesView> {
    const minutes = request.query.optionalInteger('minutes', 1, 60) ?? 60;
    const { at, intervalMs, points } = this.labs.series(request.lab, minutes * 60_000);
    const seconds = intervalMs / 1000;
    return {
      time: at.toISOString(),
      intervalSeconds: seconds,
      points: points.map((p) => ({
        time: p.start.toISOString(),
        callsPerSecond: p.callsStarted / seconds,
        callsStarted: p.callsStarted,
        concurrentSessions: p.peakConcurrent,
      })),
    };
  }

  async put(request: OperationRequest): Promise<TrafficStateView> {
    const dto = validateDto(TrafficControlDto, request.body);
    const profile = dto.profile ? profileFromDto(dto.profile) : undefined;
    return stateView(
      await this.labs.configure(request.lab, {
        ...(dto.running !== undefined ? { running: dto.running } : {}),
        ...(profile ? { profile } : {}),
      }),
    );
  }

  async place(request: OperationRequest): Promise<PlacedCallView> {
    const dto = validateDto(PlaceCallDto, request.body);
    const placed = await this.placeCall.execute(request.lab, {
      node: dto.node,
      calling: dto.calling ?? '+4930555000',
      called: dto.called,
      ...(dto.outcome ? { outcome: dto.outcome } : {}),
    });
    return {
      sessionIdentifier: placed.sessionIdentifier,
      nodeId: placed.node.id,
      nodeName: placed.node.displayName,
      calling: placed.calling,
      called: placed.called,
      time: placed.at.toISOString(),
      inProgress: placed.inProgress,
    };
  }
}

/**
 * A traffic profile read from JSON (a demo's or a user's profile file): the wire's checks (types, unknown
 * fields), then the domain's; a DomainError names each faulty field (`profile.callsPerSecond`).
 */
export function parseTrafficProfile(json: unknown): TrafficProfile {
  return profileFromDto(validateDto(TrafficProfileDto, json, 'the traffic profile', 'profile'));
}
