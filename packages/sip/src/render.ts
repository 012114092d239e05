/**
 * Renderers of a captured SIP exchange: the ordered flow (`flowSteps`), a text ladder, a text listing of the
 * messages and one self-contained HTML page.
 */
export {
  type CapturedMessage,
  type FlowStep,
  type RenderOptions,
  type SipSummary,
  flowSteps,
  sipSummary,
  stepLabel,
  orderMessages,
  endpointsOf,
  formatClock,
  formatDateTime,
  formatOffset,
} from './flow.js';
export { renderTextFlow, renderTextMessages } from './renderText.js';
export { renderHtml } from './renderHtml.js';
