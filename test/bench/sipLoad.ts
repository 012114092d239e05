import { performance } from 'node:perf_hooks';
import { runSipp, startSipp, type RunningSipp, type SippResult } from '../support/sip/sipp.js';

/** The figures of one SIP load run. */
export interface SipLoadFigures {
  readonly attempted: number;
  readonly successful: number;
  readonly failed: number;
  /** failed ÷ attempted × 100 (0 when nothing was attempted). */
  readonly failedPercent: number;
  /** Calls created per second over the UAC's whole run (start to the end of the last call). */
  readonly achievedCps: number;
  /** Messages SIPp resent (UAC and UAS together): each one a message of its that went unanswered for a timer's while. */
  readonly retransmissions: number;
  /** When calls failed: the first lines of SIPp's error traces (UAC, then UAS), saying what went wrong; '' otherwise. */
  readonly failures: string;
}

/** The first `lines` non-empty lines of a SIPp error trace, under a title; '' when it has none. */
function excerpt(title: string, trace: string, lines = 12): string {
  const kept = trace
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, lines);
  return kept.length === 0 ? '' : `${title}:\n${kept.map((line) => `    ${line}`).join('\n')}\n`;
}

/** How long SIPp may run beyond the planned duration before it is killed (calls still ending, retransmissions). */
const GRACE_S = 60;

/**
 * Offers `rate` calls per second for `durationS` seconds to `target` (host:port of a node) with SIPp's built-in
 * UAC (INVITE, 200, ACK, BYE, 200) and answers how many succeeded. With `uasPort`, a SIPp built-in UAS answers on
 * that port of 127.0.0.1 for the run (the far end the node forwards to; or the target itself, for SIPp's figures
 * against itself).
 */
export async function sipLoad(options: {
  target: string;
  uasPort?: number;
  rate: number;
  durationS: number;
  recvTimeoutMs?: number;
}): Promise<SipLoadFigures> {
  let uas: RunningSipp | undefined;
  if (options.uasPort !== undefined)
    uas = await startSipp({
      scenario: 'uas',
      localPort: options.uasPort,
      timeoutMs: (options.durationS + GRACE_S) * 1000,
    });
  let uac: SippResult;
  let uasResult: SippResult | undefined;
  let seconds: number;
  try {
    const started = performance.now();
    uac = await runSipp({
      scenario: 'uac',
      remote: options.target,
      rate: options.rate,
      calls: Math.round(options.rate * options.durationS),
      timeoutMs: (options.durationS + GRACE_S) * 1000,
      // a call still waiting for a message after 10 s (recvTimeoutMs) fails, instead of holding SIPp's run open for ever
      extra: ['-recv_timeout', String(options.recvTimeoutMs ?? 10_000)],
    });
    // Measured before the UAS is stopped: it keeps each ended call a few seconds for late retransmissions.
    seconds = (performance.now() - started) / 1000;
  } finally {
    uasResult = await uas?.stop();
  }
  if (uac.exitCode !== 0 && uac.exitCode !== 1)
    throw new Error(`SIPp ended with ${uac.exitCode}:\n${uac.stderr}\n${uac.errors.slice(0, 2000)}`);
  return {
    attempted: uac.attempted,
    successful: uac.successful,
    failed: uac.failed,
    failedPercent: uac.attempted === 0 ? 0 : Math.round((uac.failed / uac.attempted) * 10_000) / 100,
    achievedCps: Math.round((uac.attempted / seconds) * 10) / 10,
    retransmissions: uac.retransmissions + (uasResult?.retransmissions ?? 0),
    failures:
      uac.failed === 0
        ? ''
        : excerpt("  SIPp UAC's error trace", uac.errors) +
          excerpt("  SIPp UAS's error trace", uasResult?.errors ?? ''),
  };
}

// `node dist/test/bench/sipLoad.js [rate] [seconds]`: SIPp's UAC against SIPp's UAS on this machine, the baseline.
if (require.main === module) {
  const rate = Number(process.argv[2] ?? 200);
  const durationS = Number(process.argv[3] ?? 10);
  (async () => {
    const { freeUdpPort } = await import('../support/sip/sipp.js');
    const port = await freeUdpPort();
    console.log(JSON.stringify(await sipLoad({ target: `127.0.0.1:${port}`, uasPort: port, rate, durationS })));
  })().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
