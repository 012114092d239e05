import { p, r, sortDefinition, t, type SortDefinition } from '../SortDefinition.js';

const CODECS = ['G711A', 'G711U', 'G722', 'G729', 'OPUS', 'ILBC', 'GSM', 'AMR_WB', 'T38', 'TELEPHONE_EVENT'];

/** Media: negotiation, transcoding options, recorders and media sources. */
export const MEDIA_SORTS: readonly SortDefinition[] = [
  sortDefinition(
    'MNS_STACK',
    'media negotiation',
    'SDP offer/answer behaviour and the media path of a node',
    [
      p.enumOf(
        'mediaMode',
        'how media flows through the gateway',
        ['TRANSCODING', 'PASS_THROUGH', 'BYPASS'],
        'TRANSCODING',
      ),
      p.boolean('allowOnlyNegotiatedPeersForRtpRtcp', 'accept RTP/RTCP only from the negotiated peer', true),
      p.enumOf('rtpProfile', 'RTP profile offered', ['RTP_AVP', 'RTP_SAVP', 'RTP_SAVPF', 'AUTO'], 'AUTO'),
      p.integer('rtpTimeoutSeconds', 'seconds without RTP before the session is cleared; 0 never', 0, 3600, 0),
    ],
    [
      r.one('mediaTranscodingOptionsId', ['MEDIA_PUMP_DOMAIN'], 'codecs and transcoding'),
      r.one('networkControllerId', ['IN_STACK'], 'interface media binds to'),
      r.one('networkSecurityProfileId', ['INS_STACK'], 'SRTP policy'),
      r.one('networkMappingId', ['IN_MAP_STACK', 'IN_MAP_STATIC_STACK'], 'NAT traversal of media'),
      r.one('networkPeerWhitelistId', ['IN_FILTER'], 'media peers accepted'),
      r.one('qosProfileId', ['IN_QOS_STACK'], 'packet marking of media'),
    ],
  ),
  sortDefinition(
    'MNS_COLLAB_DOMAIN',
    'collaboration media negotiation',
    'Media bypass and ICE towards the collaboration platform',
    [p.boolean('mediaBypass', 'let media flow directly to clients', false), p.boolean('iceLite', 'ICE lite', true)],
    [r.one('mediaNegotiationId', ['MNS_STACK'], 'base media negotiation')],
  ),
  sortDefinition(
    'MNS_FORWARDER_DOMAIN',
    'media negotiation forwarder',
    'How media is handled between the legs of a forwarded session',
    [
      p.enumOf(
        'mediaMode',
        'media handling between the legs',
        ['TRANSCODING', 'PASS_THROUGH', 'BYPASS'],
        'TRANSCODING',
      ),
    ],
    [r.one('mediaTranscodingOptionsId', ['MEDIA_PUMP_DOMAIN'], 'codecs and transcoding')],
  ),
  sortDefinition(
    'MEDIA_PUMP_DOMAIN',
    'media transcoding options',
    'Codecs offered, their order, and transcoding limits',
    [
      p.list(
        'audioCodecs',
        'audio codecs in order of preference',
        t.enumOf(CODECS),
        ['G711A', 'G711U', 'G722', 'OPUS', 'TELEPHONE_EVENT'],
        CODECS.length,
      ),
      p.integer('packetizationMilliseconds', 'RTP packet time', 10, 60, 20),
      p.boolean('faxT38', 'offer T.38 fax relay', true),
      p.enumOf('dtmfMode', 'how DTMF travels', ['RFC4733', 'INBAND', 'SIP_INFO'], 'RFC4733'),
      p.boolean('echoCancellation', 'cancel line echo', false),
      p.integer('jitterBufferMilliseconds', 'largest jitter buffer', 0, 1000, 120),
    ],
  ),
  sortDefinition(
    'REC_STACK',
    'media recorder',
    'Records sessions to one or more recording sinks',
    [
      p.boolean('enabled', 'recording is active', true),
      p.enumOf('recordingMode', 'which sessions are recorded', ['ALL', 'ON_DEMAND', 'NONE'], 'ALL'),
      p.boolean('announceRecording', 'play a recording notice', false),
    ],
    [
      r.many(
        'sinkIds',
        ['RECFILE_STACK', 'RECSIPREC_STACK', 'RECTEL_STACK', 'RECMUX_STACK'],
        'where the recordings go',
      ),
    ],
  ),
  sortDefinition(
    'RECMUX_STACK',
    'recording multiplexer',
    'Mixes or splits the legs of a recording',
    [p.enumOf('channels', 'channel layout', ['MIXED_MONO', 'STEREO_PER_LEG'], 'STEREO_PER_LEG')],
    [r.many('sinkIds', ['RECFILE_STACK', 'RECSIPREC_STACK', 'RECTEL_STACK'], 'where the mixed stream goes')],
  ),
  sortDefinition('RECFILE_STACK', 'recording file store', 'Writes recordings as audio files', [
    p.string('directory', 'directory of the files', '/var/lib/gateway/recordings', 1024),
    p.enumOf('format', 'file format', ['WAV', 'OPUS'], 'WAV'),
    p.integer('maxArchiveDays', 'days recordings are kept; 0 forever', 0, 3650, 30),
  ]),
  sortDefinition(
    'RECTEL_STACK',
    'recording by telephony',
    'Sends recordings as calls to a recording node',
    [p.string('destinationDialString', 'number the recording call goes to', '', 64)],
    [r.one('nodeId', ['TELSIP_STACK'], 'node the recording calls go to')],
  ),
  sortDefinition(
    'RECSIPREC_STACK',
    'SIPREC recorder',
    'Sends recordings to a SIPREC session recording server',
    [
      p.uri('recordingServerIri', 'session recording server', ['sip', 'sips'], 'sip:recorder.localhost', false),
      p.boolean('includeMetadata', 'send recording metadata (RFC 7865)', true),
    ],
    [r.one('transportConnectionId', ['AN_SIPRT_ROUTE', 'SIPRT_PLAIN_ROUTE'], 'connection to the recording server')],
  ),
  sortDefinition(
    'MS_AUDIO_PROVIDER',
    'audio provider',
    'Announcements and music on hold from audio sources',
    [
      p.enumOf(
        'purpose',
        'what the audio is played for',
        ['ANNOUNCEMENT', 'MUSIC_ON_HOLD', 'RINGBACK'],
        'ANNOUNCEMENT',
      ),
      p.boolean('loop', 'repeat the audio', true),
    ],
    [r.many('sourceIds', ['MSFILE_PROVIDER', 'MSTEL_PROVIDER'], 'where the audio comes from')],
  ),
  sortDefinition('MSFILE_PROVIDER', 'audio file source', 'Audio played from a file', [
    p.string('fileName', 'audio file (WAV)', 'announcement.wav', 1024),
  ]),
  sortDefinition(
    'MSTEL_PROVIDER',
    'audio by telephony',
    'Audio fetched by calling a number',
    [p.string('dialString', 'number that plays the audio', '', 64)],
    [r.one('nodeId', ['TELSIP_STACK'], 'node the audio call goes to')],
  ),
];
