import { sbaOperations } from './service/interface/http/sbaOperations.js';

export { sbaModule } from './SbaModule.js';
export type { SbaServiceStateChanged } from './service/domain/SbaService.js';
export type { SbaState } from './service/domain/SbaServiceMachine.js';
export { GetSbaService } from './service/application/GetSbaService.js';

export { sbaOperations };
