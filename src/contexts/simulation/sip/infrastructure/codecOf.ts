import { parseSdp } from '@gwsim/sip';
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
  try {
    const sdp = parseSdp(body);
    for (const media of sdp.media) {
      for (const codec of media.codecs) {
        const name = CODEC_NAMES[codec.name.toLowerCase()];
        if (name) return name;
      }
    }
  } catch {
    // an SDP the parser does not take: the call runs on the first codec
  }
  return SIMULATED_CODECS[0];
}
