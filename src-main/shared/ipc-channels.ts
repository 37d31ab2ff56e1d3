/**
 * The two IPC channels of the Electron transport: one `invoke` channel answered by the core,
 * one `event` channel main pushes on. Kept apart from the command declarations so that the
 * sandboxed preload imports these names without bundling zod.
 */
export const ipcChannels = { invoke: 'desk:invoke', event: 'desk:event' } as const;
