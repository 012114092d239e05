import { inject, injectable } from 'inversify';
import { encodeWav, synthesizeConversation, type WavEncoding } from '@gwsim/audio';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { MonitorAvailability } from './MonitorAvailability.js';
import { MonitorRepository } from './MonitorRepository.js';

/** How a recording of each codec is written: G.711 as its own companding at 8 kHz, wideband codecs as 16-bit PCM at 16 kHz. */
function format(codec: string): { encoding: WavEncoding; sampleRate: number } {
  switch (codec.toUpperCase()) {
    case 'PCMA':
      return { encoding: 'PCMA', sampleRate: 8000 };
    case 'PCMU':
      return { encoding: 'PCMU', sampleRate: 8000 };
    case 'G722':
    case 'OPUS':
      return { encoding: 'PCM16', sampleRate: 16_000 };
    default:
      return { encoding: 'PCM16', sampleRate: 8000 };
  }
}

/**
 * A recording as a WAV file: the monitor keeps only its description (duration, codec, seed, muted spans); the
 * audio is synthesised on each download, the same bytes every time, silent inside the muted spans.
 */
@injectable()
export class ReadRecording {
  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
  ) {}

  async execute(lab: LabId, recordingId: string): Promise<Buffer> {
    this.availability.assertReachable(lab);
    const recording = await this.store.recording(lab, recordingId);
    if (!recording) {
      throw new DomainError('RECORDING_NOT_FOUND', 'not_found', `recording '${recordingId}' does not exist`, [
        { field: 'file', message: `no recording '${recordingId}' is kept` },
      ]);
    }
    const { encoding, sampleRate } = format(recording.codec);
    const samples = synthesizeConversation({
      durationMs: recording.durationMs,
      seed: recording.seed,
      sampleRate,
      mutedSpans: recording.mutedSpans,
    });
    return encodeWav({ sampleRate, channels: 1, encoding, samples });
  }
}
