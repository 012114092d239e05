import type forge from 'node-forge';

let loaded: typeof forge | undefined;

/**
 * node-forge, loaded on first use: only PKCS#12 and DER files and the generation of test certificates need it,
 * and it is a large module that every start of a program using this package would otherwise load.
 */
export function forgeLib(): typeof forge {
  loaded ??= require('node-forge') as typeof forge;
  return loaded;
}
