/**
 * Handlers of `shared/commands/channel-admin.ts`: each runs one or two platform calls of the
 * channel's administration (channel-admin-people.ts, channel-admin-destinations.ts) at the
 * command's declared priority.
 */
import { channelAdminCommands } from '../../shared/commands/channel-admin';
import {
  createDestination,
  deleteDestination,
  getDestination,
  listChattingServices,
  listDestinations,
  readChat,
  setDestinationActive,
  updateDestination,
  updateExternalChat,
  updateServiceChat,
} from './channel-admin-destinations';
import {
  createCreator,
  createSyndication,
  deleteCreator,
  deleteSyndication,
  listCreators,
  listSyndications,
  readCallbacks,
  renameCreator,
  revealStreamKey,
  setCallbacks,
  updateSyndication,
} from './channel-admin-people';
import { registerHandlers } from '../core/command-registry';

/** The domain, registered. */
export const channelAdminHandlers = registerHandlers(channelAdminCommands, {
  'channelAdmin.callbacks': ({ channelKey }, { session, priority }) =>
    readCallbacks(session.account, priority, channelKey),
  'channelAdmin.setCallbacks': (input, { session, priority }) =>
    setCallbacks(session.account, priority, input),
  'channelAdmin.creators': ({ channelKey, keyword }, { session, priority }) =>
    listCreators(session.account, priority, channelKey, keyword),
  'channelAdmin.createCreator': (input, { session, priority }) =>
    createCreator(session.account, priority, input),
  'channelAdmin.renameCreator': (input, { session, priority }) =>
    renameCreator(session.account, priority, input),
  'channelAdmin.deleteCreator': (input, { session, priority }) =>
    deleteCreator(session.account, priority, input),
  'channelAdmin.syndications': ({ channelKey }, { session, priority }) =>
    listSyndications(session.account, priority, channelKey),
  'channelAdmin.revealStreamKey': (input, { session, priority }) =>
    revealStreamKey(session.account, priority, input),
  'channelAdmin.createSyndication': (input, { session, priority }) =>
    createSyndication(session.account, priority, input),
  'channelAdmin.updateSyndication': (input, { session, priority }) =>
    updateSyndication(session.account, priority, input),
  'channelAdmin.deleteSyndication': (input, { session, priority }) =>
    deleteSyndication(session.account, priority, input),
  'channelAdmin.destinations': ({ channelKey }, { session, priority }) =>
    listDestinations(session.account, priority, channelKey),
  'channelAdmin.destination': (ref, { session, priority }) =>
    getDestination(session.account, priority, ref),
  'channelAdmin.createDestination': ({ channelKey, destination }, { session, priority }) =>
    createDestination(session.account, priority, channelKey, destination),
  'channelAdmin.updateDestination': ({ changes, ...ref }, { session, priority }) =>
    updateDestination(session.account, priority, ref, changes),
  'channelAdmin.deleteDestination': (ref, { session, priority }) =>
    deleteDestination(session.account, priority, ref),
  'channelAdmin.setDestinationActive': ({ active, ...ref }, { session, priority }) =>
    setDestinationActive(session.account, priority, ref, active),
  'channelAdmin.chattingServices': (_input, { session, priority }) =>
    listChattingServices(session.account, priority),
  'channelAdmin.chat': ({ channelKey }, { session, priority }) =>
    readChat(session.account, priority, channelKey),
  'channelAdmin.updateServiceChat': (input, { session, priority }) =>
    updateServiceChat(session.account, priority, input),
  'channelAdmin.updateExternalChat': (input, { session, priority }) =>
    updateExternalChat(session.account, priority, input),
});
