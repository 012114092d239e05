import { rtpRelayBench } from './rtpRelayBench.js';
import { rtpRelayScaleBench, type RelayScaleFigures } from './rtpRelayScaleBench.js';

import { line } from './benchProcess.js';

/** A comma-separated list of numbers in an environment variable, or the default. */
function numbers(name: string, fallback: readonly number[]): number[] {
  const raw = process.env[name];
  return raw === undefined || raw.trim() === '' ? [...fallback] : raw.split(',').map((v) => Number(v.trim()));
}

function scaleLine(f: RelayScaleFigures): string {
  return (
    `  ${String(f.calls).padStart(5)} calls  ${f.mode.padEnd(16)} ${f.offeredPacketsPerSecond.toLocaleString('en').padStart(7)} pkt/s  loss ${f.lossPercent.toFixed(2).padStart(6)} % (dropped ${f.neverDeliveredPercent.toFixed(2)} %, the rest over 150 ms late)` +
    `  reached the relays ${f.relayReceivedPercent.toFixed(2).padStart(6)} %  relays' CPU ${String(f.relayCpuPercent).padStart(3)} % (${f.relayMicrosPerPacket} µs/packet)` +
    `  phones' CPU ${String(f.phonesCpuPercent).padStart(3)} %  rcvbuf drops ${f.rcvbufErrors}  (${f.packetsSent.toLocaleString('en')} packets, ${f.seconds} s, load ${f.loadAverage})`
  );
}

/**
 * The RTP relay: its CPU per packet at 200 calls (phones in this thread), then at scale (BENCH_MEDIA_CALLS, default
 * 400,600,800,1000,1200 concurrent calls) with the phones in a thread of their own, the relays in media workers
 * (BENCH_MEDIA_WORKERS, default 1; a list runs each, 0 being this thread, as before ADR 0040).
 */
export async function mediaSection(): Promise<void> {
  const seconds = Number(process.env['BENCH_MEDIA_SECONDS'] ?? 5);
  if (process.env['BENCH_MEDIA_SCALE_ONLY'] === undefined) {
    const f = await rtpRelayBench({ seconds });
    console.log(
      `\nRTP relay: ${f.calls} calls, ${f.offeredPacketsPerSecond.toLocaleString('en')} packets/s offered (50 per second each way per call), ${f.seconds} s, phones in the same process (target: the relays under 50 % of one core)`,
    );
    const delivered = (p: typeof f.direct) =>
      `  delivered ${p.packetsDelivered.toLocaleString('en')} of ${p.packetsSent.toLocaleString('en')}`;
    console.log(
      line('phone to phone, no relay (baseline): CPU per packet', `${f.direct.cpuMicrosPerPacket} µs`) +
        delivered(f.direct),
    );
    console.log(
      line(
        'through one RtpRelay per call: CPU per packet',
        `${f.relayed.cpuMicrosPerPacket} µs`,
        (f.relayed.cpuMicrosPerPacket / f.direct.cpuMicrosPerPacket).toFixed(1),
      ) + delivered(f.relayed),
    );
    console.log(
      line("  the relays' share: per packet / of one core at the offered rate", `${f.relayMicrosPerPacket} µs`) +
        `  ${f.relayCpuPercent} %`,
    );
  }
  const calls = numbers('BENCH_MEDIA_CALLS', [400, 600, 800, 1000, 1200]);
  console.log(
    `\nRTP relay at scale: 50 packets/s each way per call, phones in a thread of their own (target: 1,000 calls under 1 % loss)`,
  );
  for (const workers of numbers('BENCH_MEDIA_WORKERS', [1]))
    for (const f of await rtpRelayScaleBench({ calls, seconds, workers })) console.log(scaleLine(f));
}
