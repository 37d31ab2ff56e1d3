/**
 * How a state file from an older version becomes one of this version (persistence.ts). Each
 * upgrade works on the decoded state (Dates and Maps already revived) and changes it in place.
 *
 * Version 1 → 2: two maps beside the VOD records they described are gone. The VOD-only fields of
 * a media content (`VodContentDetails`: category, sound mode, first transcoding, poster...) were
 * in `vod.details`, a Map by upload file key beside `mediaContents`; they now live on each media
 * content record (model/platform.ts). A VOD channel's callback URLs were also copied into
 * `callbackUrls.vod` by channel key; the channel record (`callbackUrl`, `downloadCallbackUrl`),
 * which always held the same URLs, is now the only place.
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
