/** The values each kind of transport connection may take, and the settings of each kind. */
export const TRANSPORTS = ['UDP', 'TCP', 'TLS'] as const;
export const DISTRIBUTIONS = ['ROUND_ROBIN', 'PRIORITY', 'RANDOM'] as const;
export const SRV_SERVICES = ['_sip._udp', '_sip._tcp', '_sips._tcp'] as const;
export const AUTHENTICATION_POLICIES = ['ON_CHALLENGE', 'ALWAYS'] as const;

export interface StandardSettings {
  readonly kind: 'STANDARD';
  readonly proxy: {
    readonly iri: string;
    readonly options: boolean;
    readonly optionsNextHop: boolean;
    readonly omitInitialRouteSet: boolean;
    readonly flow: boolean;
  };
  readonly authenticationPolicy: (typeof AUTHENTICATION_POLICIES)[number];
  /** Registration at `sipDomain` under `addressOfRecord`; both empty: no registration. */
  readonly registration: { readonly sipDomain: string; readonly addressOfRecord: string };
}

export interface PlainSettings {
  readonly kind: 'PLAIN';
  readonly destination: { readonly iri: string; readonly transport: (typeof TRANSPORTS)[number] };
}

export interface LoadBalancingSettings {
  readonly kind: 'SIP_LOAD_BALANCING';
  readonly distribution: (typeof DISTRIBUTIONS)[number];
  /** The balanced connections, in priority order. */
  readonly memberIds: readonly string[];
  readonly failoverSipStatusCodes: string;
  readonly failoverOnTimeout: boolean;
}

export interface RegistrationSettings {
  readonly kind: 'SIP_REGISTRATION';
  readonly registrar: { readonly iri: string };
  readonly addressOfRecord: string;
  readonly expiresSeconds: number;
  readonly contactUser: string;
}

export interface SrvSettings {
  readonly kind: 'SRV_LOAD_BALANCER';
  readonly domain: string;
  readonly service: (typeof SRV_SERVICES)[number];
  readonly refreshSeconds: number;
}

export type KindSettings =
  StandardSettings | PlainSettings | LoadBalancingSettings | RegistrationSettings | SrvSettings;
