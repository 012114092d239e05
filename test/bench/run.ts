import { nodesOnly, throughput } from './throughputSection.js';
import { loadSection } from './loadSection.js';
import { sipSection } from './sipSection.js';
import { simulationSection } from './simulationSection.js';
import { callHistorySection } from './callHistorySection.js';
import { resetSection } from './resetSection.js';
import { mediaSection } from './mediaSection.js';
import { faultsSection } from './faultsSection.js';
import { routingSection } from './routingSection.js';
import { startupSection } from './startupSection.js';
import { configurationSection } from './configurationSection.js';
import { memorySection } from './memorySection.js';

/**
 * `npm run bench`: throughput of authenticated reads as a ratio of a bare Koa handler measured in the same
 * run (each server in a process of its own, the load generator in this one), start-up time, and the
 * configuration commit/revert figures, and the route matcher's matches per second. BENCH_SECONDS sets each
 * throughput measurement's length (default 5); BENCH_DATABASE_URL adds the configuration figures on a PostgreSQL
 * server. `--only <section>` (throughput, nodes, startup, configuration, routing, simulation, faults, media, reset, load, sip, memory, callHistory) runs one
 * section. callHistory loads 1,000,000 calls (BENCH_CALLS) into the monitor store of BENCH_DATABASE_URL (else the
 * embedded one).
 */
const SECTIONS = [
  'throughput',
  'nodes',
  'startup',
  'configuration',
  'routing',
  'simulation',
  'faults',
  'media',
  'reset',
  'load',
  'sip',
  'memory',
  'callHistory',
] as const;

type Section = (typeof SECTIONS)[number];

function onlySection(args: readonly string[]): Section | undefined {
  const at = args.indexOf('--only');
  if (at < 0) return undefined;
  const section = args[at + 1] as Section | undefined;
  if (!section || !SECTIONS.includes(section)) throw new Error(`--only takes one of ${SECTIONS.join(', ')}`);
  return section;
}

async function main(): Promise<void> {
  const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
  const only = onlySection(process.argv.slice(2));
  const runs = (section: Section) => only === undefined || only === section;
  console.log(
    `gwsim benchmarks (node ${process.version}${runs('throughput') ? `, ${seconds} s per throughput measurement` : ''})${only ? `, only ${only}` : ''}\n`,
  );
  if (runs('throughput')) await throughput(seconds);
  if (only === 'nodes') await nodesOnly(seconds); // part of throughput otherwise
  if (runs('startup')) await startupSection();
  if (runs('configuration')) await configurationSection();
  if (runs('routing')) routingSection();
  if (runs('simulation')) simulationSection();
  if (runs('faults')) await faultsSection();
  if (runs('media')) await mediaSection();
  if (runs('reset')) await resetSection();
  if (only === 'load') await loadSection(); // minutes long: only on request
  if (only === 'sip') await sipSection(); // minutes long, needs SIPp: only on request
  if (only === 'memory') await memorySection(); // gwsim serve with the demo and 1,000 held calls: only on request
  if (only === 'callHistory') await callHistorySection(); // loads 1,000,000 calls: only on request
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
