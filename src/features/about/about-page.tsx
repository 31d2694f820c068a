/** The About page (docs/product.md §1): what the site does and for whom, its features, and where to ask. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ExternalIcon } from '../../ui/icons';
import { FEATURES } from './features';
import { siteQueryOptions } from '../../api/session';

export function AboutPage() {
  const { data: site } = useQuery(siteQueryOptions());
  const chatUrl = site?.chatUrl ?? null;
  return (
    <div className="about">
      <section className="about-hero">
        <p className="eyebrow">About</p>
        <h1>Every race your team runs, counted.</h1>
        <p className="lead">
          NT Team Stats follows Nitro Type teams every ten minutes and turns their racing into rosters, racer histories,
          events, trackers and leaderboards — for captains running competitions, team admins keeping squads in order,
          and every racer who wants to see how they are doing.
        </p>
        <div className="about-actions">
          <Link to="/leaderboards" className="btn btn-primary">
            See the leaderboards
          </Link>
          <Link to="/roster" className="btn btn-secondary">
            Find your team
          </Link>
        </div>
      </section>

      <section aria-labelledby="about-features">
        <h2 id="about-features" className="section-title">
          What it does
        </h2>
        <div className="feature-grid">
          {FEATURES.map((f) => (
            <article key={f.title} className="card feature">
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="about-columns">
        <article className="card">
          <h2 className="card-title">Who it is for</h2>
          <ul className="plain-list">
            <li>
              <strong>Visitors and racers</strong> browse every team, racer, event, tracker and leaderboard — no account
              needed.
            </li>
            <li>
              <strong>Team admins</strong> schedule their team's events and sort members into squads.
            </li>
            <li>
              <strong>Site admins</strong> manage staff accounts and everything else.
            </li>
          </ul>
        </article>
        <article className="card">
          <h2 className="card-title">Questions and feature requests</h2>
          {chatUrl ? (
            <p>
              Ask in the community chat — questions, ideas and feature requests are all welcome there.{' '}
              <a href={chatUrl} target="_blank" rel="noopener noreferrer" className="external-link">
                Join the community chat <ExternalIcon />
              </a>
            </p>
          ) : (
            <p>
              Questions, ideas and feature requests are welcome in the community chat; ask your team captain for the
              invite.
            </p>
          )}
          <h2 className="card-title about-contact">Contact</h2>
          <p>
            NT Team Stats is written and run by its author. For a staff account, or anything the chat cannot answer,
            contact the author.
          </p>
        </article>
      </section>

      <p className="about-note">
        Racer, team and squad data comes from the Nitro Type community through the game's public team pages. NT Team
        Stats is a fan-made site and is not affiliated with Nitro Type. It works offline: pages you have opened stay
        readable without a connection, and it can be installed on a phone's home screen.
      </p>
    </div>
  );
}
