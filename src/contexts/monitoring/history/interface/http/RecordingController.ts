import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { ReadRecording } from '../../application/ReadRecording.js';

const FILE = /^([A-Za-z0-9._-]{1,128})\.wav$/;

/** The recording download: `file=<recordingId>.wav` answers the WAV file (audio/wav). */
@injectable()
export class RecordingController {
  constructor(@inject(ReadRecording) private readonly read: ReadRecording) {}

  async get(request: OperationRequest): Promise<Reply> {
    const file = request.query.string('file');
    const match = FILE.exec(file);
    if (!match) {
      throw DomainError.invalid(
        'INVALID_RECORDING_FILE',
        `file must be a recording id followed by .wav (such as 3f2a….wav), got '${file.slice(0, 80)}'`,
        [
          {
            field: 'file',
            rule: 'pattern',
            message: 'file must be <recordingId>.wav (letters, digits, dot, dash, underscore)',
          },
        ],
      );
    }
    return Reply.file(await this.read.execute(request.lab, match[1]!), file, 'audio/wav');
  }
}
