/**
 * A racer in a table (docs/product.md §2): the display name opens the racer's game profile in a new tab and
 * carries the bot marker when flagged; the username opens the racer inspector (Batch tab).
 */
import { Link } from '@tanstack/react-router';
import { racerProfileUrl } from '../lib/links';
import { ExternalIcon, RobotIcon } from './icons';

export function RacerName({ name, username, bot }: { name: string; username: string; bot: boolean }) {
  return (
    <span className="racer-name">
      <a className="external-link" href={racerProfileUrl(username)} target="_blank" rel="noopener noreferrer">
        {name}
        <ExternalIcon />
      </a>
      {bot ? <RobotIcon className="bot-marker" role="img" aria-label="Flagged as bot" aria-hidden="false" /> : null}
    </span>
  );
}

/** `tag` keeps the team selected in the inspector; leave it out where no one team applies. */
export function UsernameLink({ username, tag }: { username: string; tag?: string }) {
  return (
    <Link to="/racers" search={{ username, subtab: 'batch', tag }}>
      {username}
    </Link>
  );
}
