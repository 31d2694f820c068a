/** Root route: top navigation, update prompt, offline banner, the page, and the footer. */
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, Scripts, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { Footer } from '../features/app-shell/footer';
import { OfflineBanner } from '../features/app-shell/offline-banner';
import { TopNav } from '../features/app-shell/top-nav';
import { UpdatePrompt } from '../features/app-shell/update-prompt';
import { AccountMenu } from '../features/auth/account-menu';
import { topTabFromPath } from '../lib/nav-paths';
import { useMarkAppRendered } from '../lib/app-rendered';
import { setStored } from '../lib/storage';
import { meQueryOptions, siteQueryOptions } from '../api/session';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: ({ context }) => {
    // Login state and site settings are fetched on start; a failure never blocks the page.
    void context.queryClient.prefetchQuery(meQueryOptions());
    void context.queryClient.prefetchQuery(siteQueryOptions());
  },
  component: RootLayout,
});

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const topTab = topTabFromPath(pathname);
  useEffect(() => setStored('topLevelTab', topTab), [topTab]);
  useMarkAppRendered();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopNav account={<AccountMenu />} />
      <OfflineBanner />
      <main id="main" className="page">
        <Outlet />
      </main>
      <Footer />
      <UpdatePrompt />
      {/* A server-drawn page's hydration data (router.ts); the scripts remove themselves once run. */}
      <Scripts />
    </div>
  );
}
