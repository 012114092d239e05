/**
 * The vendor public key (Ed25519, SPKI PEM) gwsim trusts for license files: the public half of the LAB key that
 * ships, private half included and public on purpose, in packages/license-file/lab-key (anyone can mint lab
 * licenses with `gwsim license mint`). A file signed by any other key is stored with status SIGNATURE.
 */
export const TRUSTED_VENDOR_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAbL1keuzbMGi3eX2Edu94QOcBsuSa2FccTdrOXy/p8xM=
-----END PUBLIC KEY-----
`;
