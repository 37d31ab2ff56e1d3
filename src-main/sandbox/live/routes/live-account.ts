/**
 * Live operations on the service account itself: contract and encoding profiles
 * (live-v1.yaml: getContract, listProfileGroups, listProfiles). Typed from the generated
 * OpenAPI types (typed-operation.ts).
 */
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { presentContract, presentProfile } from '../../kernel/present';
import { findProfileGroup } from '../../state/state';
import { defaulted, typedOperations } from '../../kernel/typed-operation';

/** Handlers by operationId, given their slice: the account's key, contract and encoding profiles. */
export function liveAccountOperations({
  state,
}: SliceContext<
  'serviceAccountKey' | 'contract' | 'profileGroups' | 'profiles'
>): OperationHandlers {
  return typedOperations<'live'>({
    getContract: () => ({ data: presentContract(state, state.contract) }),

    listProfileGroups: () => ({
      data: state.profileGroups.map((group) => ({
        key: group.key,
        name: group.name,
        profiles_count: state.profiles.filter((profile) => profile.groupKey === group.key).length,
      })),
    }),

    listProfiles: ({ params, query }) => {
      const group = findProfileGroup(state, params.live_media_profile_group_key);
      const screenType = defaulted(query.video_screen_type, 'video_screen_type');
      return {
        data: state.profiles
          .filter((profile) => profile.groupKey === group.key)
          .filter((profile) => profile.videoScreenType === screenType)
          .map(presentProfile),
      };
    },
  });
}
