import { expect } from 'chai';
import type { GatewayPlan } from '../../../../src/contexts/configuration/index.js';
import { sessionSnapshot } from '../../../../src/contexts/simulation/calls/domain/SessionLegs.js';
import { TrafficEngine } from '../../../../src/contexts/simulation/calls/domain/TrafficEngine.js';
import type { LabId } from '../../../../src/shared/domain/LabId.js';
import { handPlan, planNode, routeTo } from '../../../support/simulation/handPlan.js';
import { RecordingSinks } from '../../../support/simulation/RecordingSinks.js';
import {
  ScriptedTransport,
  type CallerScript,
  type FarEndScript,
} from '../../../support/simulation/ScriptedTransport.js';
import { OPEN_GATES, START } from '../../../support/simulation/engineHarness.js';

/** Numbers 030… go to carrier A, 040… to carrier B, from the PBX and from both carriers (transferees route from their node). */
function plan(): GatewayPlan {
  return handPlan(
    [planNode('pbx'), planNode('carrier-a'), planNode('carrier-b')],
    [
      {
        id: 'domain',
        sourceNodeIds: ['pbx', 'carrier-a', 'carrier-b'],
        routes: [routeTo('a', ['carrier-a'], { prefix: '030' }), routeTo('b', ['carrier-b'], { prefix: '040' })],
      },
    ],
  );
}

function scripted(farEnds: Record<string, FarEndScript>, callers: readonly CallerScript[]) {
  const sinks = new RecordingSinks();
  let transport: ScriptedTransport | undefined;
  const engine = new TrafficEngine(
    'default' as LabId,
    START,
    plan(),
    OPEN_GATES,
    sinks.recorder(),
    (scheduler) => (transport = new ScriptedTransport(scheduler, farEnds, callers)),
  );
  const run = (seconds: number) => engine.advanceTo(new Date(START.getTime() + seconds * 1000));
  return { engine, sinks, transport: transport!, run };
}

const CALL: CallerScript = {
  atMs: 1000,
  nodeId: 'pbx',
  source: '+49301111',
  destination: '0301234567',
  byeAfterMs: 20_000,
};
const ANSWERS = [
  { afterMs: 10, status: 180 },
  { afterMs: 500, status: 200 },
];
/** What the gateway told the transport about transfers and BYEs, in order (`transferred` names transferee and target). */
const transfers = (transport: ScriptedTransport) =>
  transport.commands
    .filter((c) => ['refer', 'notify', 'bye', 'invite', 'transferred'].includes(c.what))
    .map((c) => `${c.what} ${c.leg} ${c.status ?? c.method ?? c.other ?? ''}`.trim());

describe('the gateway carries out a transfer the called party asks for (REFER, RFC 3515)', () => {
  it('calls the target for the caller, reports its progress, puts it in the transferor place, hangs up on the transferor and has the caller media brought to the target', () => {
    const { engine, sinks, transport, run } = scripted(
      {
        'carrier-a': { responses: ANSWERS, referTo: '0409876', referAfterMs: 2000 },
        'carrier-b': { responses: ANSWERS },
      },
      [CALL],
    );
    run(10);
    const live = [...engine.calls()][0]!;
    expect([live.state, live.attempt?.node.id, live.transfer]).to.deep.equal(['connected', 'carrier-b', undefined]);
    expect(transfers(transport)).to.deep.equal([
      'invite 1',
      'refer 1 202',
      'invite 2',
      'notify 1 100',
      'notify 1 180',
      'notify 1 200',
      'bye 1',
      'transferred 0 2',
    ]);
    // activeSessions: the target's leg has its own start and answer, after the caller's; its duration from its answer
    const { incoming, outgoing } = sessionSnapshot(live, new Date(START.getTime() + 10_000));
    const [target] = outgoing;
    expect(target!.startAt.getTime()).to.be.greaterThan(incoming.connectAt!.getTime());
    expect(target!.connectAt!.getTime() - target!.startAt.getTime()).to.be.within(400, 600);
    expect(incoming.durationSeconds).to.equal(8);
    expect(target!.durationSeconds).to.be.within(5, 6);
    run(60);
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.outboundNodeId, entry.disconnectingSide]).to.deep.equal([
      'ANSWERED',
      'carrier-b',
      'inbound',
    ]);
    expect(
      entry.attempts.map((a) => [a.nodeId, a.destinationDialString, a.sipStatusCode, a.transferrerDialString]),
    ).to.deep.equal([
      ['carrier-a', '0301234567', 200, undefined],
      ['carrier-b', '0409876', 200, '0301234567'],
    ]);
    // the caller's BYE went to the target
    expect(transfers(transport).at(-1)).to.equal('bye 2');
  });

  it("answers the transferor's BYE that crosses the gateway's once the transfer is done (RFC 3261 section 15.1.2)", () => {
    const { transport, run } = scripted(
      {
        'carrier-a': { responses: ANSWERS, referTo: '0409876', referAfterMs: 2000, byeAfterMs: 3000 },
        'carrier-b': { responses: ANSWERS },
      },
      [CALL],
    );
    run(10);
    const onTransferor = transport.commands.filter((c) => c.leg === 1 && c.node === 'carrier-a');
    expect(onTransferor.map((c) => `${c.what} ${c.status ?? c.method ?? ''}`.trim())).to.deep.equal([
      'invite',
      'ack',
      'refer 202',
      'notify 100',
      'notify 180',
      'notify 200',
      'bye',
      'confirm BYE',
    ]);
  });

  it('reports a target that fails in the final NOTIFY, and the call goes on with the transferor', () => {
    const { engine, sinks, transport, run } = scripted(
      {
        'carrier-a': { responses: ANSWERS, referTo: '0409876', referAfterMs: 2000 },
        'carrier-b': { responses: [{ afterMs: 100, status: 486 }] },
      },
      [CALL],
    );
    run(10);
    const live = [...engine.calls()][0]!;
    expect([live.state, live.attempt?.node.id]).to.deep.equal(['connected', 'carrier-a']);
    expect(transfers(transport)).to.deep.equal(['invite 1', 'refer 1 202', 'invite 2', 'notify 1 100', 'notify 1 486']);
    run(60);
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.outboundNodeId]).to.deep.equal(['ANSWERED', 'carrier-a']);
    expect(entry.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
      ['carrier-a', 200],
      ['carrier-b', 486],
    ]);
  });

  it('answers a transfer to a number no route takes with 202 and a final 404, calling nobody', () => {
    const { transport, run } = scripted({ 'carrier-a': { responses: ANSWERS, referTo: '0991', referAfterMs: 2000 } }, [
      CALL,
    ]);
    run(10);
    expect(transfers(transport)).to.deep.equal(['invite 1', 'refer 1 202', 'notify 1 404']);
  });

  it('keeps the caller waiting for the target when the transferor hangs up first; a target that fails then ends the call', () => {
    const { engine, sinks, transport, run } = scripted(
      {
        'carrier-a': { responses: ANSWERS, referTo: '0409876', referAfterMs: 2000, byeAfterMs: 2100 },
        'carrier-b': { responses: [{ afterMs: 1000, status: 486 }] },
      },
      [CALL],
    );
    run(3.7);
    const live = [...engine.calls()][0]!;
    expect([live.state, live.transfer?.transferorGone], 'the transferor gone, the call up').to.deep.equal([
      'connected',
      true,
    ]);
    run(10);
    expect(engine.activeCount).to.equal(0);
    expect(transfers(transport)).to.deep.equal(['invite 1', 'refer 1 202', 'invite 2', 'notify 1 100', 'bye 0']);
    expect(transport.commands.map((c) => c.what)).not.to.include('transferred');
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.sipStatusCode, entry.disconnectingSide]).to.deep.equal(['BUSY', 486, 'outbound']);
  });

  it('brings the caller to a target that answers after the transferor hung up, with no BYE to the transferor', () => {
    const { engine, transport, run } = scripted(
      {
        'carrier-a': { responses: ANSWERS, referTo: '0409876', referAfterMs: 2000, byeAfterMs: 2100 },
        'carrier-b': { responses: [{ afterMs: 1000, status: 200 }] },
      },
      [CALL],
    );
    run(10);
    expect([...engine.calls()][0]?.attempt?.node.id).to.equal('carrier-b');
    expect(transfers(transport)).to.deep.equal([
      'invite 1',
      'refer 1 202',
      'invite 2',
      'notify 1 100',
      'transferred 0 2',
    ]);
  });
});

describe('the gateway carries out a transfer the caller asks for (REFER, RFC 3515)', () => {
  it('puts the target in the caller place, hangs up on the caller and has the called party media brought to the target', () => {
    const { engine, sinks, transport, run } = scripted(
      {
        'carrier-a': { responses: ANSWERS, byeAfterMs: 8000 },
        'carrier-b': { responses: ANSWERS },
      },
      [{ ...CALL, byeAfterMs: undefined, referTo: '0409876', referAfterMs: 2000 }],
    );
    run(5);
    const live = [...engine.calls()][0]!;
    expect([live.state, live.inbound.index, live.attempt?.node.id]).to.deep.equal(['connected', 2, 'carrier-a']);
    expect(transfers(transport)).to.deep.equal([
      'invite 1',
      'refer 0 202',
      'invite 2',
      'notify 0 100',
      'notify 0 180',
      'notify 0 200',
      'bye 0',
      'transferred 1 2',
    ]);
    run(60);
    // the called party's BYE went to the target, now the caller side
    expect(transfers(transport).at(-1)).to.equal('bye 2');
    expect(sinks.calls[0]?.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
      ['carrier-a', 200],
      ['carrier-b', 200],
    ]);
  });
});
