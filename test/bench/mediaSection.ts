import { rtpRelayBench } from './rtpRelayBench.js';

import { line } from './benchProcess.js';

export async function mediaSection(): Promise<void> {
  const f = await rtpRelayBench({ seconds: Number(process.env['BENCH_MEDIA_SECONDS'] ?? 5) });
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
