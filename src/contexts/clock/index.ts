/** The clock context's public face: other contexts and the composition root import only this file. */
export { clockModule } from './ClockModule.js';
export { clockControlOperations } from './lab-clocks/interface/http/clockOperations.js';
/** Each lab's gateway clock; also the gateway's Clock port (the default lab's time) over a WallClock. */
export { LabClocks, WallClock, type LabClockReading } from './lab-clocks/application/LabClocks.js';
export { LabClock, CLOCK_MODES, type ClockMode } from './lab-clocks/domain/LabClock.js';
