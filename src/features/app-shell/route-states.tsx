/** What the router shows while a route loads, and when one fails. */
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Loading } from '../../ui/states';

export function RoutePending() {
  return <Loading text="Loading..." />;
}

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section className="card error-page" role="alert">
      <h1 className="page-title">Something went wrong</h1>
      <p className="error-text">{error instanceof Error ? error.message : 'Unexpected error'}</p>
      <button type="button" className="btn btn-primary" onClick={() => void router.invalidate()}>
        Try again
      </button>
    </section>
  );
}
