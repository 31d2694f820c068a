/**
 * The racer's info banner: name (with the bot marker when flagged, and the game's Banned / Warned
 * badge), ids, team, role, race counts, speeds and when they joined; a logged-in admin also gets
 * the bot toggle beside the Profile link. "This is me" picks the racer shown as the visitor's own.
 */
import type { RacerInfo } from '../../../contract/racers';
import { formatCT, formatInt, formatWpm, MISSING } from '../../lib/format';
import { racerProfileUrl } from '../../lib/links';
import { GameStatusBadge } from '../../ui/game-status-badge';
import { RobotIcon } from '../../ui/icons';
import { RacerBotFlag } from './racer-bot-flag';
import { FollowStar } from '../../ui/follow-star';
import { ThisIsMeButton } from './this-is-me-button';
import { useMe } from '../../lib/session';

/** Joined: long date with 12-hour time, in the site zone. */
const JOINED_PATTERN = 'MMMM d, yyyy h:mm a';

export function InfoBanner({ info }: { info: RacerInfo }) {
  const isAdmin = useMe().role === 'admin';
  const fields: [string, string][] = [
    ['Username', info.username],
    ['UserID', String(info.userID)],
    ['Team Tag', info.teamTag ?? MISSING],
    ['Role', info.role ?? MISSING],
    ['Lifetime Races', formatInt(info.racesPlayed)],
    ['Team Races', formatInt(info.played)],
    ['Avg WPM', formatWpm(info.avgSpeed)],
    ['Top WPM', formatWpm(info.highestSpeed)],
    ['Joined', formatCT(info.joinStamp, JOINED_PATTERN)],
  ];
  return (
    <section className="card racer-banner" aria-labelledby="racer-banner-name">
      <div className="racer-banner-head">
        <div className="racer-banner-title">
          <h2 id="racer-banner-name" className="racer-banner-name">
            {info.displayName || info.username}
          </h2>
          {info.bot === 1 ? (
            <span className="racer-bot-badge">
              <RobotIcon width={16} height={16} />
              Flagged as bot
            </span>
          ) : null}
          <GameStatusBadge status={info.gameStatus} />
        </div>
        <div className="racer-banner-actions">
          <ThisIsMeButton info={info} />
          <FollowStar username={info.username} withText />
          <a className="external-link" href={racerProfileUrl(info.username)} target="_blank" rel="noopener noreferrer">
            Profile <span aria-hidden="true">↗</span>
          </a>
          {isAdmin ? <RacerBotFlag username={info.username} bot={info.bot === 1} tag={info.teamTag} /> : null}
        </div>
      </div>
      <dl className="racer-fields">
        {fields.map(([label, value]) => (
          <div key={label} className={label === 'Joined' ? 'racer-field racer-field-wide' : 'racer-field'}>
            <dt>{label}</dt>
            <dd data-field={label}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
