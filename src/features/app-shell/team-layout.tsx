/**
 * Frame of every team route: the team dropdown and the team sub-tabs above the screen. The chosen
 * tag lives in the address (`?tag=`, or the path on /trackers/{tag}) and in browser storage as
 * selectedTag (removed when cleared). A teamadmin on /teams/admin is locked to their own team.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { teamTabFromPath } from '../../lib/nav-paths';
import { tagParam } from '../../lib/search';
import { myTeamTagQueryOptions, useMe } from '../../lib/session';
import { getStored, removeStored, setStored } from '../../lib/storage';
import { TeamSelect } from '../../ui/team-select';
import { TeamTabs } from '../../ui/team-tabs';

export function TeamLayout() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useSearch({ from: '/_team' });
  const params = useParams({ strict: false }) as { tag?: string };
  const pathTag = tagParam.parse(params.tag);
  const tag = pathTag ?? search.tag;
  const tab = teamTabFromPath(pathname);

  const me = useMe();
  const locked = tab === 'admin' && me.logged_in && me.role === 'teamadmin';
  const { data: mine } = useQuery({ ...myTeamTagQueryOptions(), enabled: locked });
  const lockedTag = locked ? (mine?.teamTag ?? undefined) : undefined;

  const selectTag = (next: string | undefined, replace = false) => {
    if (next) setStored('selectedTag', next);
    else removeStored('selectedTag');
    if (pathTag !== undefined) {
      // On /trackers/{tag} the tag is part of the path.
      if (next) void navigate({ to: '/trackers/$tag', params: { tag: next }, search: (prev) => ({ ...prev, tag: undefined }), replace });
      else void navigate({ to: '/trackers', search: { tag: undefined }, replace });
      return;
    }
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, tag: next }), replace });
  };

  useEffect(() => setStored('activeTab', tab), [tab]);

  // A tag that arrives in the address (a shared link, a leaderboard row) becomes the selection.
  useEffect(() => {
    if (tag) setStored('selectedTag', tag);
  }, [tag]);

  // No tag in the address: continue with the last selected team.
  useEffect(() => {
    if (tag || locked) return;
    const stored = tagParam.parse(getStored('selectedTag') ?? undefined);
    if (stored) selectTag(stored, true);
  }, [tag, locked]);

  useEffect(() => {
    if (lockedTag && lockedTag !== tag) selectTag(lockedTag, true);
  }, [lockedTag, tag]);

  return (
    <div className="team-page">
      <div className="team-bar card">
        <TeamSelect value={lockedTag ?? tag} onChange={(t) => selectTag(t)} disabled={locked} />
        <TeamTabs tag={tag} />
      </div>
      <Outlet />
    </div>
  );
}
