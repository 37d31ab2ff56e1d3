/**
 * The live encoding profiles of the Channels view (live API v1, profile groups): the groups,
 * every group's profiles of both screen types, and attach or detach one profile. Each throws
 * PlatformError as the platform answered.
 */
import type {
  EncodingProfile,
  GroupProfiles,
  ProfileGroup,
  ProfileOverview,
} from '../../shared/channels-model';
import type { Fresh } from '../../shared/model';
import { toProfile, toProfileGroup } from './channels-mappers';
import { liveCall } from '../core/platform-call';
import { sendAgain, withRecheck } from '../core/recheck';
import type { AccountContext } from '../core/account-context';

const groupProfiles =
  '/v1/live/service-accounts/{service_account_key}/profile-groups/{live_media_profile_group_key}/profiles' as const;

/** The encoding profile groups (for the create dialog's picker). */
export async function listProfileGroups(account: AccountContext): Promise<Fresh<ProfileGroup[]>> {
  const answer = await liveCall(account, 'view', (api, fetch, sa) =>
    api.GET('/v1/live/service-accounts/{service_account_key}/profile-groups', {
      params: { path: { service_account_key: sa } },
      fetch,
    }),
  );
  return { data: answer.data.map(toProfileGroup), fetchedAt: account.clock.now() };
}

/** Every group with its profiles of both screen types (1 + 2 × groups calls, at `view`). */
export async function profileOverview(account: AccountContext): Promise<Fresh<ProfileOverview>> {
  const groups = await listProfileGroups(account);
  const withProfiles: GroupProfiles[] = await Promise.all(
    groups.data.map(async (group) => {
      const [landscape, portrait] = await Promise.all([
        listProfiles(account, group.key, 'landscape'),
        listProfiles(account, group.key, 'portrait'),
      ]);
      return { ...group, landscape, portrait };
    }),
  );
  const activeCount = withProfiles
    .flatMap((group) => [...group.landscape, ...group.portrait])
    .filter((profile) => profile.active).length;
  return { data: { groups: withProfiles, activeCount }, fetchedAt: account.clock.now() };
}

/** Attaches (makes active) or detaches a profile (super administrator; spec, States). */
export async function setProfileActive(
  account: AccountContext,
  groupKey: string,
  profileId: number,
  active: boolean,
): Promise<void> {
  const send = () =>
    liveCall(account, 'command', (api, fetch, sa) => {
      const options = {
        params: {
          path: {
            service_account_key: sa,
            live_media_profile_group_key: groupKey,
            live_media_profile_id: profileId,
          },
        },
        fetch,
      };
      return active
        ? api.PUT(`${groupProfiles}/{live_media_profile_id}/attach`, options)
        : api.PUT(`${groupProfiles}/{live_media_profile_id}/detach`, options);
    });
  // Attaching an active profile (detaching an inactive one) answers 204 and changes nothing,
  // so after a 429 the call is simply sent again.
  await withRecheck(send, sendAgain);
}

async function listProfiles(
  account: AccountContext,
  groupKey: string,
  screenType: 'landscape' | 'portrait',
): Promise<EncodingProfile[]> {
  const answer = await liveCall(account, 'view', (api, fetch, sa) =>
    api.GET(groupProfiles, {
      params: {
        path: { service_account_key: sa, live_media_profile_group_key: groupKey },
        query: { video_screen_type: screenType },
      },
      fetch,
    }),
  );
  return answer.data.map(toProfile);
}
