/** The page for an address the site does not have. */
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <section className="card error-page">
      <h1 className="page-title">Page not found</h1>
      <p>There is no page at this address.</p>
      <Link to="/leaderboards" className="btn btn-primary">
        Go to Leaderboards
      </Link>
    </section>
  );
}
