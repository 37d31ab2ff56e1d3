/**
 * Live operations on chatting service contracts and the activation of encoding profiles
 * (live-v1.yaml: listChattingServices, attachProfile, detachProfile). Attach and detach
 * answer 204 (the handler answers undefined). Typed from the generated OpenAPI types.
 */
import { notFound, unprocessable } from '../../state/http-error';
import { presentChattingService } from '../live-present';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { ProfileRecord, SandboxState } from '../../state/state';
import { findProfileGroup } from '../../state/state';
import type { Op } from '../../kernel/typed-operation';
import { typedOperations } from '../../kernel/typed-operation';

/** The state live/profiles works on: the profiles, their groups, the contract's limit, the chat services. */
type ProfileSlice = 'profiles' | 'profileGroups' | 'contract' | 'live';

/** Handlers by operationId. */
export function liveProfileOperations({
  state,
  clock,
}: SliceContext<ProfileSlice>): OperationHandlers {
  return typedOperations<'live'>({
    listChattingServices: () => ({
      data: state.live.chattingServices.map((service) =>
        presentChattingService(service, clock.now()),
      ),
    }),

    // Spec, States and Limits: at most 3 profiles active at once per service account.
    attachProfile: ({ params }) => {
      const profile = profileOf(state, params);
      if (profile.isActive) return undefined;
      const active = state.profiles.filter((candidate) => candidate.isActive);
      const limit = state.contract.activeProfileLimit;
      if (active.length >= limit) {
        throw unprocessable(
          `At most ${limit} encoding profiles can be active at once; detach one first (active now: ${active.map((candidate) => candidate.name).join(', ')}).`,
          'live_media_profile_id',
        );
      }
      profile.isActive = true;
      return undefined;
    },

    // Spec, States and Limits: at least 1 profile must stay active.
    detachProfile: ({ params }) => {
      const profile = profileOf(state, params);
      if (!profile.isActive) return undefined;
      if (state.profiles.filter((candidate) => candidate.isActive).length <= 1) {
        throw unprocessable(
          `"${profile.name}" is the only active encoding profile: at least one must stay active. Attach another profile first.`,
          'live_media_profile_id',
        );
      }
      profile.isActive = false;
      return undefined;
    },
  });
}

function profileOf(
  state: Pick<SandboxState, 'profileGroups' | 'profiles'>,
  params: Op<'live', 'attachProfile'>['params'],
): ProfileRecord {
  const group = findProfileGroup(state, params.live_media_profile_group_key);
  const id = params.live_media_profile_id;
  const profile = state.profiles.find(
    (candidate) => candidate.groupKey === group.key && candidate.id === id,
  );
  if (profile === undefined)
    throw notFound(`encoding profile in the group "${group.name}"`, String(id));
  return profile;
}
