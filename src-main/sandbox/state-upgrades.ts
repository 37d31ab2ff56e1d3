/**
 * How a state file from an older version becomes one of this version (persistence.ts). Each
 * upgrade works on the decoded state (Dates and Maps already revived) and changes it in place.
 *
 * Version 1 → 2: two maps beside the VOD records they described are gone. The VOD-only fields of
 * a media content (`VodContentDetails`: category, sound mode, first transcoding, poster...) were
 * in `vod.details`, a Map by upload file key beside `mediaContents`; they now live on each media
 * content record (model/platform.ts). A VOD channel's callback URLs were also copied into
 * `callbackUrls.vod` by channel key; the channel record (`callbackUrl`, `downloadCallbackUrl`),
 * which always held the same URLs, is now the only place. And one id scheme (ids.ts) replaced
 * the live and VOD counters (`live.nextId`, `live.random`, `vod.nextId`, `vod.keySeed`): its
 * `ids.lastId` continues from the largest id the file holds, so no id is issued twice, and its
 * key draw from the VOD key counter (live keys were drawn from another stream).
 */

/** A decoded state, as far as an upgrade knows it. */
export type DecodedState = Record<string, unknown>;

/**
 * Upgrades by the version they start from: `upgrades[n]` turns a version-n state into n + 1.
 * @throws Error naming what is wrong, in an operator's words, when the state cannot be upgraded.
 */
export const stateUpgrades: Readonly<Record<number, (state: DecodedState) => void>> = {
  1: (state) => {
    foldVodDetails(state);
    dropVodCallbackUrls(state);
    countIds(state);
  },
};

/** Version 1 → 2: moves each `vod.details` entry onto its media content and drops the map. */
function foldVodDetails(state: DecodedState): void {
  const vod = state.vod;
  if (!isRecord(vod)) return;
  const details = vod.details;
  delete vod.details;
  const contents = state.mediaContents;
  if (!(details instanceof Map) || !Array.isArray(contents)) return;
  for (const content of contents as unknown[]) {
    if (!isRecord(content)) continue;
    const key = content.uploadFileKey;
    const fields: unknown = details.get(key);
    if (!isRecord(fields)) {
      throw new Error(
        `its media content ${JSON.stringify(key)} has no VOD details in state.vod.details`,
      );
    }
    Object.assign(content, fields);
  }
}

/** Version 1 → 2: drops `callbackUrls.vod`, a copy of the VOD channels' own URLs. */
function dropVodCallbackUrls(state: DecodedState): void {
  const urls = state.callbackUrls;
  if (isRecord(urls)) delete urls.vod;
}

/** Version 1 → 2: `ids` from the old counters and the largest `id` anywhere in the state. */
function countIds(state: DecodedState): void {
  const live = isRecord(state.live) ? state.live : {};
  const vod = isRecord(state.vod) ? state.vod : {};
  const seed = typeof state.seed === 'number' ? state.seed : 0;
  const number = (value: unknown): number => (typeof value === 'number' ? value : 0);
  const lastId = Math.max(largestId(state), number(live.nextId), number(vod.nextId));
  const keyDraw = Math.max(number(vod.keySeed), seed * 7919);
  if (!isRecord(state.ids)) state.ids = { lastId, keyDraw };
  delete live.nextId;
  delete live.random;
  delete vod.nextId;
  delete vod.keySeed;
}

/** The largest numeric `id` field of any record in `value` (lists, records, Map values). */
function largestId(value: unknown): number {
  if (Array.isArray(value))
    return value.reduce((most: number, item) => Math.max(most, largestId(item)), 0);
  if (value instanceof Map) return largestId([...value.values()]);
  if (!isRecord(value) || value instanceof Date) return 0;
  let most = typeof value.id === 'number' ? value.id : 0;
  for (const field of Object.values(value)) most = Math.max(most, largestId(field));
  return most;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
