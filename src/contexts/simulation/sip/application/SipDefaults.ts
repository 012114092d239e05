/** The bind address of the SIP listeners when GWSIM_SIP_HOST is not set: this machine only. */
export const DEFAULT_SIP_HOST = '127.0.0.1';

/**
 * What the process says of real SIP (GWSIM_SIP, `gwsim serve --sip`, GWSIM_SIP_HOST): whether a lab whose SIP
 * setting was never set carries real SIP, and the address every lab's listeners bind to.
 */
export class SipDefaults {
  constructor(
    readonly enabled: boolean = false,
    readonly host: string = DEFAULT_SIP_HOST,
    /** The transaction layer's T1 in ms (undefined: RFC 3261's 500; T2 and T4 keep their ratio to it). */
    readonly t1Ms: number | undefined = undefined,
  ) {}
}
