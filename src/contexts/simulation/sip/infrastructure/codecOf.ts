import { readSdp } from '@gwsim/sip';
import { SIMULATED_CODECS, type SimulatedCodec } from '../../calls/domain/TrafficProfile.js';

/** SDP codec names → the simulator's codec names. */
const CODEC_NAMES: Readonly<Record<string, SimulatedCodec>> = {
  pcma: 'PCMA',
  pcmu: 'PCMU',
  g722: 'G722',
  opus: 'opus',
};

/** The codec a real caller's call runs on: the first of its SDP offer's the simulator knows (the first simulated one otherwise). */
export function codecOf(body: string): SimulatedCodec {
  if (body === '') return SIMULATED_CODECS[0];
  // an SDP the parser does not take: the call runs on the first codec
  const read = readSdp(body);
  if (!read.ok) return SIMULATED_CODECS[0];
  for (const media of read.sdp.media) {
    if (media.kind !== 'audio' || media.port === 0) continue;
    for (const format of media.formats) {
      const name = CODEC_NAMES[format.codec?.encoding.toLowerCase() ?? ''];
      if (name) return name;
    }
  }
  return SIMULATED_CODECS[0];
}
