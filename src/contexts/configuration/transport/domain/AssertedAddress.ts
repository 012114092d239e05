/** An asserted identity (P-Asserted-Identity): a SIP, SIPS or TEL URI with an optional display name. */
export interface AssertedAddress {
  readonly uri: string;
  readonly displayName: string;
}
