import { DIRECT, GATEWAY, KAMAILIO, type LadderFigures, type LadderStep } from './sipLadder.js';

/** A step counts toward a peer's capacity with under 0.1 % of its calls failed and at least 90 % of its rate achieved. */
const MAX_FAILED_PERCENT = 0.1;
const MIN_ACHIEVED_SHARE = 0.9;

function passed(s: LadderStep): boolean {
  return s.failedPercent < MAX_FAILED_PERCENT && s.achievedCps >= MIN_ACHIEVED_SHARE * s.offeredCps;
}

/** A peer's capacity: the highest offered rate of a step it passed (0 when it passed none). */
export function capacity(steps: readonly LadderStep[], peer: string): number {
  return Math.max(0, ...steps.filter((s) => s.peer === peer && passed(s)).map((s) => s.offeredCps));
}

const COLUMNS: readonly [string, number][] = [
  ['calls/s', 7],
  ['peer', 12],
  ['achieved/s', 10],
  ['failed', 7],
  ['failed %', 8],
  ['retrans.', 8],
  ['CPU ms/call', 11],
  ['× Kamailio', 10],
  ['RSS MiB', 8],
  ['PSS MiB', 8],
  ['rate × direct', 13],
];

function tableLine(cells: readonly string[]): string {
  return cells.map((cell, i) => (i === 1 ? cell.padEnd(COLUMNS[i]![1]) : cell.padStart(COLUMNS[i]![1]))).join('  ');
}

function ratio(value: number | undefined, base: number | undefined): string {
  return value === undefined || base === undefined || base <= 0 ? '—' : (value / base).toFixed(2);
}

function stepLine(s: LadderStep, at: (peer: string) => LadderStep | undefined): string {
  const dash = (value: number | undefined) => (value === undefined ? '—' : String(value));
  return tableLine([
    String(s.offeredCps),
    s.peer,
    s.achievedCps.toFixed(1),
    String(s.failed),
    s.failedPercent.toFixed(2),
    String(s.retransmissions),
    s.cpuMsPerCall === undefined ? '—' : s.cpuMsPerCall.toFixed(3),
    s.peer === KAMAILIO ? '—' : ratio(s.cpuMsPerCall, at(KAMAILIO)?.cpuMsPerCall),
    dash(s.rssMiB),
    dash(s.pssMiB),
    s.peer === DIRECT ? '—' : ratio(s.achievedCps, at(DIRECT)?.achievedCps),
  ]);
}

/** The median of the gateway's CPU per call over Kamailio's, over the rates both passed. */
function cpuRatio(steps: readonly LadderStep[]): string {
  const ratios = steps
    .filter((s) => s.peer === GATEWAY && passed(s) && s.cpuMsPerCall !== undefined)
    .flatMap((g) => {
      const k = steps.find((s) => s.peer === KAMAILIO && s.offeredCps === g.offeredCps);
      return k && passed(k) && k.cpuMsPerCall ? [g.cpuMsPerCall! / k.cpuMsPerCall] : [];
    })
    .sort((a, b) => a - b);
  return ratios.length === 0 ? '—' : ratios[Math.floor(ratios.length / 2)]!.toFixed(1);
}

/** The ladder's table, then each peer's capacity and the ratios, as lines to print. */
export function ladderReport(figures: LadderFigures, stepSeconds: number): string[] {
  const { steps } = figures;
  const lines = [
    `SIP capacity ladder: ${stepSeconds} s per step and peer; CPU of the peer's processes (all threads) per call attempted;`,
    "RSS (VmRSS added up over its processes) and PSS at the end of the step; retrans.: what SIPp's UAC resent (INVITEs, BYEs)",
    tableLine(COLUMNS.map(([title]) => title)),
  ];
  for (const s of steps) {
    const at = (peer: string) => steps.find((other) => other.peer === peer && other.offeredCps === s.offeredCps);
    lines.push(stepLine(s, at));
  }
  if (figures.kamailioSkipped !== '') lines.push(figures.kamailioSkipped);
  lines.push(
    "CPU with no call (ms per second, part of each step's CPU per call): " +
      [...figures.idleCpuMsPerS].map(([peer, ms]) => `${peer} ${ms}`).join(', '),
  );
  lines.push(
    "SIPp UAS's retransmissions over the whole ladder (200s resent for want of an ACK): " +
      [...figures.uasRetransmissions].map(([peer, count]) => `${peer} ${count}`).join(', '),
  );
  const peers = [GATEWAY, ...(figures.kamailioSkipped === '' ? [KAMAILIO] : []), DIRECT];
  const capacities = peers.map((peer) => [peer, capacity(steps, peer)] as const);
  lines.push(
    `capacity (the highest rate with under ${MAX_FAILED_PERCENT} % failed and ${MIN_ACHIEVED_SHARE * 100} % of it achieved): ` +
      capacities.map(([peer, cps]) => `${peer} ${cps} calls/s`).join(', '),
  );
  const of = (peer: string) => capacities.find(([name]) => name === peer)?.[1];
  lines.push(
    `gwsim's capacity / SIPp direct's: ${ratio(of(GATEWAY), of(DIRECT))}` +
      (figures.kamailioSkipped === ''
        ? `; / Kamailio's: ${ratio(of(GATEWAY), of(KAMAILIO))}; gwsim's CPU per call / Kamailio's (median over the rates both passed): ${cpuRatio(steps)}`
        : ''),
  );
  return lines;
}
