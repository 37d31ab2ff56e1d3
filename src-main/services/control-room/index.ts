/**
 * The control-room domain (docs/dev/architecture.md, "The API budget"), as other domains see
 * it: the watch plan's intervals and how far the planner widens them while the background rate
 * is lowered, for what judges a read overdue (panels/panel-feedback.ts).
 */
export { maxYieldFactor, watchIntervals, yieldFactorOf } from './watch-plan';
