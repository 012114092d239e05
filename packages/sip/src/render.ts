/**
 * Renderers of a captured SIP exchange: the ordered flow (`flowSteps`), a text ladder, a text listing of the
 * messages and one self-contained HTML page.
 */
export {
  type CapturedMessage,
  type FlowNote,
  type FlowRow,
  type FlowStep,
  type RenderOptions,
  type SipSummary,
  flowSteps,
  flowRows,
  sipSummary,
  stepLabel,
  orderMessages,
  endpointsOf,
  endpoint,
  formatClock,
  formatDateTime,
  formatOffset,
} from './flow.js';
export { renderTextFlow, renderTextMessages } from './renderText.js';
export { renderHtml } from './renderHtml.js';
