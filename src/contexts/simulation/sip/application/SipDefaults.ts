/** The bind address of the SIP listeners when GWSIM_SIP_HOST is not set: this machine only. */
export const DEFAULT_SIP_HOST = '127.0.0.1';

/**
 * What the process says of real SIP (GWSIM_SIP, `gwsim serve --sip`, GWSIM_SIP_HOST, GWSIM_SIP_ADVERTISE): whether a
 * lab whose SIP setting was never set carries real SIP, the address every lab's listeners (and RTP relays) bind to,
 * and the address they name themselves by to SIP peers.
 */
export class SipDefaults {
  constructor(
    readonly enabled: boolean = false,
    readonly host: string = DEFAULT_SIP_HOST,
    /** The transaction layer's T1 in ms (undefined: RFC 3261's 500; T2 and T4 keep their ratio to it). */
    readonly t1Ms: number | undefined = undefined,
    /**
     * The address written wherever gwsim names itself to a peer: Via sent-by, Contact, the relay's c= and o= lines
     * (undefined: the address each listener is bound to; the composition root gives one for a wildcard bind).
     */
    readonly advertise: string | undefined = undefined,
    /** How many worker threads relay RTP (GWSIM_MEDIA_WORKERS; 0: the SIP thread itself, as before ADR 0040). */
    readonly mediaWorkers: number = 1,
  ) {}

  /** The address the listeners name themselves by (the state's `advertisedHost`). */
  get advertisedHost(): string {
    return this.advertise ?? this.host;
  }
}
