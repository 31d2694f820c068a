/** The feature list of the About page. */
export const FEATURES: { title: string; text: string }[] = [
  {
    title: 'Team rosters',
    text: 'Every member with display name, squad, join date, team and lifetime races, average and top speed — sortable, with the team info card.',
  },
  {
    title: 'Racer stats in 10-minute batches',
    text: 'Races, WPM and accuracy for every 10-minute batch, with daily and weekly totals and charts over any date range.',
  },
  {
    title: 'Events and competitions',
    text: 'Schedule team competitions and cross-team events of 1 to 10 teams, split into up to 9 squads, with points and pay-to-play winnings.',
  },
  {
    title: 'Trackers and activity',
    text: 'Daily and weekly trackers of who raced, and when the team is most active, hour by hour.',
  },
  {
    title: 'Leaderboards',
    text: 'Teams and individuals ranked over 24 hours, 7 days, a day, a week, a month or any range you choose.',
  },
  {
    title: 'Export',
    text: 'Download event tables as CSV or Excel files, ready for payouts and announcements.',
  },
];
