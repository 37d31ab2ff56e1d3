/**
 * Live contract of the contract, encoding profiles, channels and creators (live-v1.yaml): each
 * operation answers its documented success and at least one documented error through the app's
 * client (createLiveApi over a real scheduler), with bodies that match the documented schemas
 * (ajv). Cases run in order on one sandbox; later cases use what earlier ones created.
 */
import { describe, expect, it } from 'vitest';
import { listOperations } from '../sandbox/index';
import { documentTags } from './contract-support';
import { describeLiveArea, liveAreas, useLiveContract } from './live-contract-support';
import type { Case } from './live-contract-support';

const { sa, admin, noScope, k, ch, remember } = useLiveContract();
const c = `/channels`;
const unknown = '/channels/zzzzzzzzzzzzzzzz';

const cases: Case[] = [
  ['getContract', () => sa.get('/contracts'), 200, () => admin.get('/contracts'), 403],
  [
    'listProfileGroups',
    () => sa.get('/profile-groups'),
    200,
    () => noScope.get('/profile-groups'),
    403,
  ],
  [
    'listProfiles',
    () => sa.get(`/profile-groups/${k.group}/profiles?video_screen_type=portrait`),
    200,
    () => sa.get('/profile-groups/nope/profiles'),
    404,
  ],
  // Three profiles are active: a fourth is refused until one is detached.
  [
    'attachProfile',
    () => sa.put(`/profile-groups/${k.group}/profiles/${k.active}/attach`),
    204,
    () => sa.put(`/profile-groups/${k.group}/profiles/${k.inactive}/attach`),
    422,
  ],
  [
    'detachProfile',
    () => sa.put(`/profile-groups/${k.group}/profiles/${k.active}/detach`),
    204,
    () => admin.put(`/profile-groups/${k.group}/profiles/${k.active}/detach`),
    403,
  ],
  [
    'listChannels',
    () => sa.get('/channels?channel_type=scheduled'),
    200,
    () => sa.get('/channels?order=sideways'),
    422,
  ],
  [
    'createChannel',
    async () =>
      remember(
        'created',
        await sa.post(c, {
          title: 'Pop-up Stage',
          customer_code: 'POP-1',
          live_media_profile_group_key: k.group ?? '',
          use_timeshift: '1',
        }),
        'key',
      ),
    200,
    () => sa.post(c, { title: 'Nowhere', live_media_profile_group_key: 'nope' }),
    422,
  ],
  ['getChannel', () => sa.get(ch('created')), 200, () => sa.get(unknown), 404],
  [
    'updateChannel',
    () => admin.put(ch('created'), { title: 'Pop-up Stage B', recording_file_policy: '3' }),
    200,
    () => sa.put(ch('created'), { customer_code: 'FEST-MAIN' }),
    422,
  ],
  [
    'disableChannel',
    () => sa.put(ch('created', '/disable')),
    200,
    () => sa.put(ch('created', '/disable')),
    422,
  ],
  [
    'enableChannel',
    () => sa.put(ch('created', '/enable')),
    200,
    () => sa.put(ch('created', '/enable')),
    422,
  ],
  [
    'trashChannel',
    () => sa.put(ch('created', '/trash')),
    200,
    () => sa.put(ch('created', '/trash')),
    422,
  ],
  [
    'restoreChannel',
    () => sa.put(ch('created', '/restore')),
    200,
    () => sa.put(ch('created', '/restore')),
    422,
  ],
  [
    'setChannelCallbacks',
    () =>
      admin.put(ch('created', '/callback'), {
        live_callback_url: 'https://hooks.example.com/live',
      }),
    200,
    () => sa.put(ch('created', '/callback'), { playback_callback_url: 'ftp://nope' }),
    422,
  ],
  ['deleteChannel', () => sa.delete(ch('created')), 204, () => sa.delete(ch('created')), 404],
  [
    'listCreators',
    () => sa.get(ch('arena', '/creators?keyword=caster')),
    200,
    () => sa.get(`${unknown}/creators`),
    404,
  ],
  [
    'createCreator',
    async () =>
      remember(
        'creator',
        // Main Stage has 2 creators; Esports Arena is at the guide's limit of 3.
        await admin.post(ch('main', '/creators'), {
          nickname: 'caster_jet',
          email: 'jet@example.com',
        }),
        'creator_code',
      ),
    200,
    () => sa.post(ch('arena', '/creators'), { nickname: 'caster_four' }),
    422,
  ],
  [
    'updateCreator',
    () => sa.put(ch('main', `/creators/${k.creator ?? ''}`), { nickname: 'caster_jetstream' }),
    200,
    () => sa.put(ch('arena', '/creators/zzzzzzzzzz'), { nickname: 'x' }),
    404,
  ],
  [
    'deleteCreator',
    () => sa.delete(ch('main', `/creators/${k.creator ?? ''}`)),
    204,
    () => sa.delete(ch('main', `/creators/${k.creator ?? ''}`)),
    404,
  ],
];

describeLiveArea(liveAreas.channels, cases);

describe('the live contract files', () => {
  it('split live-v1.yaml by tag, covering all of its 71 operations', () => {
    expect(listOperations('live')).toHaveLength(71);
    expect(Object.values(liveAreas).flat().sort()).toEqual(documentTags('live'));
  });
});
