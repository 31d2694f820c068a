/**
 * Every API call the app makes, by the contract's endpoint names: method and path, which the
 * compiler checks against `contract/<area>.ts` (change one there and this file stops compiling).
 */
import type * as activity from '../../contract/activity';
import type * as adminEvents from '../../contract/admin-events';
import type * as auth from '../../contract/auth';
import type * as discord from '../../contract/discord';
import type * as events from '../../contract/events';
import type * as freeAgents from '../../contract/free-agents';
import type * as hallOfFame from '../../contract/hall-of-fame';
import type * as leaderboards from '../../contract/leaderboards';
import type * as payouts from '../../contract/payouts';
import type * as push from '../../contract/push';
import type * as racerPages from '../../contract/racer-pages';
import type * as racers from '../../contract/racers';
import type * as requirements from '../../contract/requirements';
import type * as roster from '../../contract/roster';
import type * as rosterHealth from '../../contract/roster-health';
import type * as site from '../../contract/site';
import type * as staff from '../../contract/staff';
import type * as teams from '../../contract/teams';
import type * as trackers from '../../contract/trackers';
import type * as users from '../../contract/users';
import { route } from './client';

export const routes = {
  me: route<typeof auth.me>('GET', '/api/me'),
  myTeamTag: route<typeof auth.myTeamTag>('GET', '/api/my-team-tag'),
  login: route<typeof auth.login>('POST', '/api/login'),
  logout: route<typeof auth.logout>('POST', '/api/logout'),
  site: route<typeof site.site>('GET', '/api/site'),

  teamTags: route<typeof teams.teamTags>('GET', '/api/team-tags'),
  teamInfo: route<typeof teams.teamInfo>('GET', '/api/team-info'),
  teamRoster: route<typeof roster.teamRoster>('GET', '/api/current-display-names'),
  latestMembers: route<typeof roster.latestMembers>('GET', '/api/member-data-latest'),
  rosterHealth: route<typeof rosterHealth.rosterHealth>('GET', '/api/roster-health'),
  membershipLog: route<typeof rosterHealth.membershipLog>('GET', '/api/membership-log'),
  requirementStrikes: route<typeof requirements.requirementStrikes>('GET', '/api/requirement-strikes'),
  teamStats: route<typeof activity.teamStats>('GET', '/api/team-stats'),
  hourlyRaces: route<typeof activity.hourlyRaces>('GET', '/api/hourly-races'),
  dailyRaces: route<typeof activity.dailyRaces>('GET', '/api/daily-races'),
  weeklyRaces: route<typeof activity.weeklyRaces>('GET', '/api/weekly-races'),
  dailyParticipants: route<typeof trackers.dailyParticipants>('GET', '/api/daily-participants'),
  weeklyParticipants: route<typeof trackers.weeklyParticipants>('GET', '/api/weekly-participants'),
  squadNames: route<typeof staff.squadNames>('GET', '/api/squad-names'),

  teamEvents: route<typeof events.teamEvents>('GET', '/api/team-events'),
  eventParticipants: route<typeof events.eventParticipants>('GET', '/api/event-participants/:eventId'),
  eventSquadSummary: route<typeof events.eventSquadSummary>('GET', '/api/event-squad-summary/:eventId'),
  eventTeamSummary: route<typeof events.eventTeamSummary>('GET', '/api/event-team-summary/:eventId'),
  eventPayouts: route<typeof payouts.eventPayouts>('GET', '/api/event-payouts/:eventId'),
  markPayout: route<typeof payouts.markPayout>('POST', '/api/event-payouts/:eventId/mark'),

  teamLeaderboard: route<typeof leaderboards.teamLeaderboard>('GET', '/api/team-leaderboard'),
  individualLeaderboard: route<typeof leaderboards.individualLeaderboard>('GET', '/api/individual-leaderboard'),
  individualRank: route<typeof leaderboards.individualRank>('GET', '/api/individual-leaderboard/rank'),
  hallOfFame: route<typeof hallOfFame.hallOfFame>('GET', '/api/hall-of-fame'),
  racerAwards: route<typeof hallOfFame.racerAwards>('GET', '/api/racer-awards'),
  freeAgents: route<typeof freeAgents.freeAgents>('GET', '/api/free-agents'),

  allUsernames: route<typeof racers.allUsernames>('GET', '/api/all-usernames'),
  racerInfo: route<typeof racers.racerInfo>('GET', '/api/racer-info'),
  racerBatches: route<typeof racers.racerBatches>('GET', '/api/racer-batches'),
  racerBests: route<typeof racerPages.racerBests>('GET', '/api/racer-bests'),
  racerCompare: route<typeof racerPages.racerCompare>('GET', '/api/racer-compare'),

  users: route<typeof users.users>('GET', '/api/users'),
  createUser: route<typeof users.createUser>('POST', '/api/users'),
  updateUser: route<typeof users.updateUser>('PUT', '/api/users/:id'),
  deleteUser: route<typeof users.deleteUser>('DELETE', '/api/users/:id'),
  botFlags: route<typeof staff.botFlags>('GET', '/api/admin/bot-flags'),
  setBotFlag: route<typeof staff.setBotFlag>('PUT', '/api/admin/bot-flags/:username'),
  trackedTeams: route<typeof staff.trackedTeams>('GET', '/api/admin/tracked-teams'),
  trackTeam: route<typeof staff.trackTeam>('POST', '/api/admin/tracked-teams'),
  untrackTeam: route<typeof staff.untrackTeam>('DELETE', '/api/admin/tracked-teams/:tag'),
  auditLog: route<typeof staff.auditLog>('GET', '/api/admin/audit-log'),
  updateMemberSquad: route<typeof staff.updateMemberSquad>('POST', '/api/update-member-squad'),
  updateSquadName: route<typeof staff.updateSquadName>('POST', '/api/update-custom-squad-name'),
  createEvent: route<typeof adminEvents.createEvent>('POST', '/api/admin/events'),
  updateEvent: route<typeof adminEvents.updateEvent>('PUT', '/api/admin/events/:EventID'),
  deleteEvent: route<typeof adminEvents.deleteEvent>('DELETE', '/api/admin/events/:EventID'),
  discordSettings: route<typeof discord.discordSettings>('GET', '/api/admin/discord'),
  saveDiscordSettings: route<typeof discord.saveDiscordSettings>('PUT', '/api/admin/discord'),
  requirementSettings: route<typeof requirements.requirementSettings>('GET', '/api/admin/requirement-settings'),
  saveRequirementSettings: route<typeof requirements.saveRequirementSettings>('PUT', '/api/admin/requirement-settings'),
  removeDiscordWebhook: route<typeof discord.removeDiscordWebhook>('DELETE', '/api/admin/discord/:tag'),
  sendDiscordTest: route<typeof discord.sendDiscordTest>('POST', '/api/admin/discord/test'),
  postDiscordAgain: route<typeof discord.postDiscordAgain>('POST', '/api/admin/discord/post-again'),

  pushKey: route<typeof push.pushKey>('GET', '/api/push/key'),
  savePushSubscription: route<typeof push.savePushSubscription>('PUT', '/api/push/subscription'),
  pushSubscriptionSettings: route<typeof push.pushSubscriptionSettings>('POST', '/api/push/subscription/read'),
  removePushSubscription: route<typeof push.removePushSubscription>('POST', '/api/push/subscription/remove'),
  markPushSeen: route<typeof push.markPushSeen>('POST', '/api/push/seen'),
};
