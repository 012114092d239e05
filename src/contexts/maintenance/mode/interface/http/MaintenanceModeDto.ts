import { requestShape } from '../../../../../shared/interface/http/fieldShapes.js';
import { MAINTENANCE_MODE_FIELDS } from '../../domain/MaintenanceMode.js';

/** Maintenance mode on the wire, made from its field list: the set's body and the answer (`MaintenanceMode`). */
export const MaintenanceModeDto = requestShape('MaintenanceMode', MAINTENANCE_MODE_FIELDS);
