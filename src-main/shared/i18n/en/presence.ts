/** English: studio presence (who is where): the control room, the Multiview and the timeline. */
export const presence = {
  presence: {
    here: 'Also here: {names}',
    chip: '{name} · {channel}',
    hubOperator: '{name} (hub)',
    observer: '{name} (observer)',
    editing: {
      moving: '{name} is moving this program',
      open: '{name} has this program open',
      mark: '{name} editing',
    },
  },
} as const;
