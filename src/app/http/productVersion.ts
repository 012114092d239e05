/** The version of gwsim (package.json): the product version the API and its documents tell. */
export const PRODUCT_VERSION: string = (require('../../../../package.json') as { version: string }).version;
