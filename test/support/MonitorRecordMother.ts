import type { CallHistoryEntry, RecordingEntry, SipMessageEntry } from '../../src/contexts/monitoring/index.js';

/**
 * Realistic monitor records for tests that feed the monitor's sinks directly: a call from a PBX to a carrier,
 * answered, with the SIP messages of both legs. Only tests use these (the simulator makes the real ones).
 */
export const MonitorRecordMother = {
  call(overrides: Partial<CallHistoryEntry> = {}): CallHistoryEntry {
    const start = overrides.startDateTime ?? new Date('2026-03-01T08:00:00Z');
    const connect = new Date(start.getTime() + 3200);
    const end = new Date(connect.getTime() + 61_000);
    return {
      sessionIdentifier: 'f1c2a3b4-0001-4000-8000-000000000001',
      systemIdentifier: 'gw-a',
      startDateTime: start,
      connectDateTime: connect,
      endDateTime: end,
      durationSeconds: 61,
      inboundNodeId: 'node-pbx',
      inboundNodeName: 'PBX',
      outboundNodeId: 'node-carrier-a',
      outboundNodeName: 'Carrier A',
      routingDomainId: 'rd-main',
      routeId: 'route-national',
      routeName: 'National',
      inboundSourceDialString: '2001',
      inboundDestinationDialString: '00493012345678',
      outboundSourceDialString: '+4930987652001',
      outboundDestinationDialString: '+493012345678',
      result: 'ANSWERED',
      sipStatusCode: 200,
      sipReasonPhrase: 'OK',
      q850Cause: 16,
      disconnectingSide: 'inbound',
      inbound: {
        codec: 'PCMA',
        packetsSent: 3050,
        packetsReceived: 3048,
        packetsLost: 2,
        lossOccurrences: 1,
        jitterMs: 3.5,
      },
      outbound: {
        codec: 'PCMA',
        packetsSent: 3048,
        packetsReceived: 3050,
        packetsLost: 0,
        lossOccurrences: 0,
        jitterMs: 1.2,
      },
      mos: 4.3,
      attempts: [
        { nodeId: 'node-carrier-a', nodeName: 'Carrier A', destinationDialString: '+493012345678', sipStatusCode: 200 },
      ],
      recordingId: undefined,
      dtmf: [],
      ...overrides,
    };
  },

  /** `count` calls one second apart from `first`, numbered sessions and dial strings. */
  calls(
    count: number,
    first = new Date('2026-03-01T08:00:00Z'),
    overrides: (index: number) => Partial<CallHistoryEntry> = () => ({}),
  ): CallHistoryEntry[] {
    return Array.from({ length: count }, (_, i) =>
      MonitorRecordMother.call({
        sessionIdentifier: `session-${String(i).padStart(6, '0')}`,
        startDateTime: new Date(first.getTime() + i * 1000),
        inboundSourceDialString: `20${String(i % 100).padStart(2, '0')}`,
        ...overrides(i),
      }),
    );
  },

  /** The SIP messages of an answered call's inbound leg (INVITE, 100, 180, 200, ACK, BYE, 200), 1 ms apart and more. */
  messages(
    sessionIdentifier: string,
    startMicros = Date.parse('2026-03-01T08:00:00Z') * 1000,
    systemIdentifier = 'gw-a',
  ): SipMessageEntry[] {
    const pbx = { ip: '192.0.2.10', port: 5060 };
    const gw = { ip: '192.0.2.1', port: 5060 };
    const callId = `${sessionIdentifier}@192.0.2.10`;
    const headers = (cseq: string, branch: string) => [
      `Via: SIP/2.0/UDP ${pbx.ip}:${pbx.port};branch=z9hG4bK${branch}`,
      'From: "Alice" <sip:2001@192.0.2.10>;tag=a1b2c3',
      'To: <sip:00493012345678@192.0.2.1>',
      `Call-ID: ${callId}`,
      `CSeq: ${cseq}`,
    ];
    const sdp =
      'v=0\r\no=- 1 1 IN IP4 192.0.2.10\r\ns=-\r\nc=IN IP4 192.0.2.10\r\nt=0 0\r\nm=audio 40000 RTP/AVP 8 101\r\na=rtpmap:8 PCMA/8000\r\na=rtpmap:101 telephone-event/8000\r\na=ptime:20\r\n';
    const message = (start: string, lines: string[], body = '') =>
      `${start}\r\n${[...lines, ...(body ? ['Content-Type: application/sdp'] : []), `Content-Length: ${Buffer.byteLength(body)}`].join('\r\n')}\r\n\r\n${body}`;
    const steps: Array<{ at: number; text: string; received: boolean }> = [
      {
        at: 0,
        text: message(
          'INVITE sip:00493012345678@192.0.2.1 SIP/2.0',
          [...headers('1 INVITE', '1'), 'Max-Forwards: 70', 'Contact: <sip:2001@192.0.2.10:5060>'],
          sdp,
        ),
        received: true,
      },
      { at: 2_000, text: message('SIP/2.0 100 Trying', headers('1 INVITE', '1')), received: false },
      { at: 250_000, text: message('SIP/2.0 180 Ringing', headers('1 INVITE', '1')), received: false },
      {
        at: 3_200_000,
        text: message('SIP/2.0 200 OK', [...headers('1 INVITE', '1'), 'Contact: <sip:gw@192.0.2.1:5060>'], sdp),
        received: false,
      },
      {
        at: 3_210_000,
        text: message('ACK sip:gw@192.0.2.1:5060 SIP/2.0', [...headers('1 ACK', '2'), 'Max-Forwards: 70']),
        received: true,
      },
      {
        at: 64_200_000,
        text: message('BYE sip:gw@192.0.2.1:5060 SIP/2.0', [...headers('2 BYE', '3'), 'Max-Forwards: 70']),
        received: true,
      },
      { at: 64_203_000, text: message('SIP/2.0 200 OK', headers('2 BYE', '3')), received: false },
    ];
    return steps.map(({ at, text, received }) => ({
      sessionIdentifier,
      systemIdentifier,
      callIndex: 0,
      timestampMicros: startMicros + at,
      direction: received ? 'received' : 'sent',
      protocol: 'UDP',
      sourceIpAddress: received ? pbx.ip : gw.ip,
      sourcePort: received ? pbx.port : gw.port,
      destinationIpAddress: received ? gw.ip : pbx.ip,
      destinationPort: received ? gw.port : pbx.port,
      message: text,
    }));
  },

  recording(overrides: Partial<RecordingEntry> = {}): RecordingEntry {
    return {
      recordingId: 'rec-0001',
      sessionIdentifier: 'f1c2a3b4-0001-4000-8000-000000000001',
      startDateTime: new Date('2026-03-01T08:00:03.200Z'),
      durationMs: 61_000,
      codec: 'PCMA',
      mutedSpans: [[10_000, 12_500]],
      seed: 424242,
      ...overrides,
    };
  },
};
