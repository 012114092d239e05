import { inject, injectable } from 'inversify';
import { PcapWriter } from '@gwsim/pcap';
import { renderHtml, renderTextFlow, renderTextMessages, type CapturedMessage } from '@gwsim/sip';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import { ReadMessageHistory } from '../../application/ReadMessageHistory.js';
import type { StoredMessage } from '../../domain/StoredMessage.js';
import { dtmfNotes } from './ladderNotes.js';
import { sipMessageEntryView } from './MessageHistoryView.js';

export const RESULT_FORMATS = ['details', 'pcap', 'textFlow', 'textMessages', 'HTML'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

function captured(m: StoredMessage): CapturedMessage {
  return {
    timestampMicros: m.timestampMicros,
    protocol: m.protocol,
    sourceIp: m.sourceIpAddress,
    sourcePort: m.sourcePort,
    destinationIp: m.destinationIpAddress,
    destinationPort: m.destinationPort,
    text: m.message,
    direction: m.direction,
    callIndex: m.callIndex,
  };
}

/** An identifier no stored one can equal (the monitor keeps no NUL character) is refused, naming the parameter. */
function withoutNul<T extends string | undefined>(field: string, value: T): T {
  if (value?.includes('\u0000')) {
    throw DomainError.invalid(
      'INVALID_QUERY',
      `the query parameter '${field}' must not contain the NUL character (%00)`,
      [{ field, rule: 'noNul', message: `${field} must not contain the NUL character` }],
    );
  }
  return value;
}

/** A session identifier as part of a file name: what is not a letter, digit, dot, dash or underscore becomes _. */
function fileStem(sessionIdentifier: string): string {
  return sessionIdentifier.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'session';
}

/**
 * messageHistory: a session's SIP messages in the format asked for: details (JSON, the default), pcap (a
 * libpcap file of UDP datagrams, every protocol written as UDP), textFlow (a ladder), textMessages (each message
 * with its header line) or HTML (one self-contained page: ladder and details). The two ladders have a row for
 * each DTMF digit of the call's history entry.
 */
@injectable()
export class MessageHistoryController {
  constructor(@inject(ReadMessageHistory) private readonly read: ReadMessageHistory) {}

  async get(request: OperationRequest): Promise<Reply> {
    const format = request.query.optionalEnum<ResultFormat>('resultFormat', RESULT_FORMATS) ?? 'details';
    const sessionIdentifier = withoutNul('filterSessionIdentifier', request.query.string('filterSessionIdentifier'));
    const systemIdentifier = withoutNul(
      'filterSystemIdentifier',
      request.query.optionalString('filterSystemIdentifier') || undefined,
    );
    const messages = await this.read.execute(request.lab, sessionIdentifier, systemIdentifier);
    const title = `Session ${sessionIdentifier}${systemIdentifier ? ` (system ${systemIdentifier})` : ''}`;
    switch (format) {
      case 'details':
        return Reply.json(messages.map((m) => sipMessageEntryView(m, request.dates)));
      case 'textFlow': {
        const notes = dtmfNotes(messages, await this.read.dtmf(request.lab, sessionIdentifier));
        return Reply.text(renderTextFlow(messages.map(captured), { title, notes }));
      }
      case 'textMessages':
        return Reply.text(renderTextMessages(messages.map(captured), { title }));
      case 'HTML': {
        const notes = dtmfNotes(messages, await this.read.dtmf(request.lab, sessionIdentifier));
        return Reply.html(renderHtml(messages.map(captured), { title, notes }));
      }
      case 'pcap': {
        const writer = new PcapWriter();
        for (const m of messages) {
          writer.addUdp({
            at: m.timestampMicros / 1000,
            src: { ip: m.sourceIpAddress, port: m.sourcePort },
            dst: { ip: m.destinationIpAddress, port: m.destinationPort },
            payload: m.message,
          });
        }
        return Reply.file(writer.toBuffer(), `${fileStem(sessionIdentifier)}.pcap`, 'application/vnd.tcpdump.pcap');
      }
    }
  }
}
