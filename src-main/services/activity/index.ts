/**
 * The activity domain (docs/dev/architecture.md, "Activity"): the recorder that writes event
 * lines to the workspace's journal, and the handlers that read and export it.
 */
export { ActivityRecorder, type RecordedEvent } from './activity-recorder';
export { activityHandlers, type ActivitySources } from './activity-commands';
