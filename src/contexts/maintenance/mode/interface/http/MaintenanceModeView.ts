import { responseShape } from '../../../../../shared/interface/http/fieldShapes.js';
import { MAINTENANCE_MODE_FIELDS } from '../../domain/MaintenanceMode.js';

export const MaintenanceModeView = responseShape('MaintenanceMode', MAINTENANCE_MODE_FIELDS);

export type MaintenanceModeView = InstanceType<typeof MaintenanceModeView>;
