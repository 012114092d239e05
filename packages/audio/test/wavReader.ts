/** An independent reader of RIFF/WAVE files for the tests: walks the chunks and checks every size. */
export interface ReadWav {
  riffSize: number;
  format: {
    tag: number;
    channels: number;
    sampleRate: number;
    byteRate: number;
    blockAlign: number;
    bits: number;
    cbSize?: number;
  };
  fmtSize: number;
  factSamples?: number;
  chunkIds: string[];
  data: Buffer;
}

export function readWav(file: Buffer): ReadWav {
  if (file.toString('latin1', 0, 4) !== 'RIFF') throw new Error('not RIFF');
  if (file.toString('latin1', 8, 12) !== 'WAVE') throw new Error('not WAVE');
  const riffSize = file.readUInt32LE(4);
  if (riffSize + 8 !== file.length) throw new Error(`RIFF size ${riffSize} + 8 != file length ${file.length}`);
  let at = 12;
  const chunkIds: string[] = [];
  let format: ReadWav['format'] | undefined;
  let fmtSize = 0;
  let factSamples: number | undefined;
  let data: Buffer | undefined;
  while (at < file.length) {
    if (at + 8 > file.length) throw new Error(`truncated chunk header at ${at}`);
    const id = file.toString('latin1', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const body = at + 8;
    if (body + size > file.length) throw new Error(`chunk ${id} of ${size} bytes overruns the file`);
    chunkIds.push(id);
    if (id === 'fmt ') {
      fmtSize = size;
      format = {
        tag: file.readUInt16LE(body),
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        byteRate: file.readUInt32LE(body + 8),
        blockAlign: file.readUInt16LE(body + 12),
        bits: file.readUInt16LE(body + 14),
      };
      if (size >= 18) format.cbSize = file.readUInt16LE(body + 16);
    } else if (id === 'fact') {
      factSamples = file.readUInt32LE(body);
    } else if (id === 'data') {
      data = file.subarray(body, body + size);
    }
    at = body + size + (size % 2); // chunks are word-aligned
  }
  if (at !== file.length) throw new Error('chunks do not end at the end of the file');
  if (!format) throw new Error('no fmt chunk');
  if (!data) throw new Error('no data chunk');
  return { riffSize, format, fmtSize, factSamples, chunkIds, data };
}
