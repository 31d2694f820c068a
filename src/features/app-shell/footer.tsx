/** The page footer: what the site is, how fresh the data is, where to learn more, and the theme. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCT } from '../../lib/format';
import { siteQueryOptions } from '../../api/session';
import { ThemeChoicePicker } from './theme-choice';

export function Footer() {
  const { data: site } = useQuery(siteQueryOptions());
  return (
    // The id is what a kept page's render-blocking `rel=expect` waits for (contract/saved-pages.ts).
    <footer id="site-footer" className="footer">
      <div className="footer-inner">
        <span>
          <strong>NT Team Stats</strong> · team and racer stats for Nitro Type
          {site?.demo ? ' · demo data from a simulated community' : ''}
        </span>
        <span>
          {site?.lastPollAt ? <>Data updated {formatCT(site.lastPollAt)} · </> : null}
          <Link to="/about">About</Link>
        </span>
        <ThemeChoicePicker />
      </div>
    </footer>
  );
}
