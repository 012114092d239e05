import { simulationBench } from './simulationBench.js';

import { line } from './benchProcess.js';

export function simulationSection(): void {
  console.log(
    '\nsession simulator on one core: 100 new calls/s, all answered, mean holding time 45 s, 50 ms steps on a manual clock',
  );
  for (const keep of [true, false]) {
    const f = simulationBench(keep);
    console.log(
      `  SIP messages ${keep ? 'built' : 'not kept'}: ${f.concurrentAtStart.toLocaleString('en')} → ${f.concurrentAtEnd.toLocaleString('en')} calls in progress over ${f.simulatedSeconds} simulated s ` +
        `(after ${f.warmUpSeconds} s warm-up): ${f.callsStarted} started, ${f.callsEnded} ended, ${f.messages.toLocaleString('en')} messages`,
    );
    console.log(
      line('    wall time / CPU', `${f.wallMs} / ${f.cpuMs} ms`) +
        `  ${f.realTimeFactor}× real time, slowest 50 ms step ${f.slowestStepMs} ms, RSS ${f.rssMiB} MiB, heap ${f.heapUsedMiB} MiB`,
    );
  }
}
