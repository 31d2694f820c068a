/** The racer's info banner: name, ids, team, role, race counts, speeds and when they joined. */
import type { RacerInfo } from '../../../contract/racers';
import { formatCT, formatInt, formatWpm, MISSING } from '../../lib/format';
import { racerProfileUrl } from '../../lib/links';

/** Joined: long date with 12-hour time, in the site zone. */
const JOINED_PATTERN = 'MMMM d, yyyy h:mm a';

export function InfoBanner({ info }: { info: RacerInfo }) {
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
        <h2 id="racer-banner-name" className="racer-banner-name">
          {info.displayName || info.username}
        </h2>
        <a className="external-link" href={racerProfileUrl(info.username)} target="_blank" rel="noopener noreferrer">
          Profile <span aria-hidden="true">↗</span>
        </a>
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
