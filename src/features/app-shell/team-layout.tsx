/**
 * Frame of every team route: the team dropdown and the team sub-tabs above the screen. The chosen
 * tag lives in the address (`?tag=`, or the path on /trackers/{tag}) and in browser storage as
 * selectedTag (removed when cleared). A teamadmin on /teams/admin is locked to their own team.
 * A tag that is not tracked gets the server's team info error (docs/product.md §8) on every team screen, in
 * place of the screen, and is never stored as the selection. A team whose data is stale gets a
 * note above the screen (team-stale-note.tsx).
 */
import { useEffect, useEffectEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { ApiError } from '../../api/client';
import { teamTabFromPath } from '../../lib/nav-paths';
import { validTag } from '../../lib/search';
import { getStored, removeStored, setStored } from '../../lib/storage';
import { ErrorBox, Loading } from '../../ui/states';
import { TeamSelect } from '../../ui/team-select';
import { TeamTabs } from '../../ui/team-tabs';
import { myTeamTagQueryOptions } from '../../api/session';
import { useMe } from '../../lib/session';
import { teamInfoQueryOptions, teamTagsQueryOptions } from '../../api/teams';
import { TeamStaleNote } from './team-stale-note';

export function TeamLayout() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useSearch({ from: '/_team' });
  const params = useParams({ strict: false }) as { tag?: string };
  const pathTag = validTag(params.tag);
  const tag = pathTag ?? search.tag;
  const tab = teamTabFromPath(pathname);

  const me = useMe();
  const locked = tab === 'admin' && me.logged_in && me.role === 'teamadmin';
  const { data: mine } = useQuery({ ...myTeamTagQueryOptions(), enabled: locked });
  const lockedTag = locked ? (mine?.teamTag ?? undefined) : undefined;

  // Is the tag tracked? The tag list says so; a tag missing from it is asked about once, and the
  // server's answer ("Team X is not tracked") is what every team screen shows.
  const tags = useQuery(teamTagsQueryOptions());
  const listed = !!tag && !!tags.data?.includes(tag);
  const info = useQuery({ ...teamInfoQueryOptions(tag), enabled: !!tags.data && !listed, retry: false });
  const unknownTag = !!tag && !listed && !!tags.data && info.error instanceof ApiError && info.error.status === 404;
  const checking = !!tag && !listed && !!tags.data && info.isPending;
  // Without the list (offline, nothing cached) the tag is taken as it is.
  const known = !!tag && (listed || info.isSuccess || (!tags.data && tags.isError));

  const selectTag = (next: string | undefined, replace = false) => {
    if (next) setStored('selectedTag', next);
    else removeStored('selectedTag');
    if (pathTag !== undefined) {
      // On /trackers/{tag} the tag is part of the path.
      if (next)
        void navigate({
          to: '/trackers/$tag',
          params: { tag: next },
          search: (prev) => ({ ...prev, tag: undefined }),
          replace,
        });
      else void navigate({ to: '/trackers', search: { tag: undefined }, replace });
      return;
    }
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, tag: next }), replace });
  };

  useEffect(() => setStored('activeTab', tab), [tab]);

  // A tag that arrives in the address (a shared link, a leaderboard row) becomes the selection,
  // once it is known to be tracked; an unknown one is forgotten.
  useEffect(() => {
    if (tag && known) setStored('selectedTag', tag);
    if (tag && unknownTag && getStored('selectedTag') === tag) removeStored('selectedTag');
  }, [tag, known, unknownTag]);

  // No tag in the address: continue with the last selected team. A teamadmin on /teams/admin gets
  // their own team once /api/my-team-tag has answered.
  const selectInAddress = useEffectEvent((next: string) => selectTag(next, true));
  useEffect(() => {
    if (tag || locked) return;
    const stored = validTag(getStored('selectedTag') ?? undefined);
    if (stored) selectInAddress(stored);
  }, [tag, locked]);

  useEffect(() => {
    if (lockedTag && lockedTag !== tag) selectInAddress(lockedTag);
  }, [lockedTag, tag]);

  return (
    <div className="team-page">
      <div className="team-bar card">
        <TeamSelect value={lockedTag ?? tag} onChange={(t) => selectTag(t)} disabled={locked} />
        <TeamTabs tag={tag} />
      </div>
      {unknownTag ? (
        <ErrorBox text={info.error?.message || `Team ${tag} is not tracked`} />
      ) : checking ? (
        <Loading text="Loading team info..." />
      ) : (
        <>
          {tag && known && <TeamStaleNote tag={tag} />}
          <Outlet />
        </>
      )}
    </div>
  );
}
