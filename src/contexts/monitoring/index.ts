export { monitoringModule } from './MonitoringModule.js';
export { monitoringOperations } from './monitoringOperations.js';
export { LoadGauge } from './resources/domain/LoadGauge.js';
