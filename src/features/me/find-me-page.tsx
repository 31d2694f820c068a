/**
 * /racers/find-me, "This is me": the visitor searches the tracked racers by display name or
 * username (any case) and picks themselves once; the choice stays in this browser, highlights their
 * row on every board and puts a Me link in the top navigation. It can be changed or forgotten here.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { MemberLatest } from '../../../contract/roster';
import { setMyRacer, useMyRacer } from '../../lib/my-racer';
import { Card } from '../../ui/card';
import { RacerSearchBox } from '../../ui/racer-search-box';
import { ErrorBox, OfflineNote } from '../../ui/states';
import './find-me.css';
import { membersQueryOptions } from '../../api/racers';

export function FindMePage() {
  const me = useMyRacer();
  const members = useQuery(membersQueryOptions());
  const chosenRef = useRef<HTMLDivElement>(null);
  const chosenName = me?.username;

  // After a choice, the confirmation takes the focus (and a screen reader reads it).
  useEffect(() => {
    if (chosenName && document.activeElement?.closest('.racer-search')) chosenRef.current?.focus();
  }, [chosenName]);

  const choose = (m: MemberLatest) =>
    setMyRacer({ username: m.Username, displayName: m.CurrentDisplayName || m.Username, teamTag: m.TeamTag });

  return (
    <div className="find-me">
      <h1 className="page-title">This is me</h1>
      <p className="find-me-lead">
        Pick yourself once: this browser remembers it, marks your row on every leaderboard, roster, tracker and event,
        and puts your racer page one tap away under <strong>Me</strong>.
      </p>
      {me ? (
        <Card className="find-me-chosen">
          <div ref={chosenRef} tabIndex={-1} role="status" className="find-me-you">
            You are <strong>{me.displayName}</strong>{' '}
            <span className="find-me-meta">
              ({me.username}
              {me.teamTag ? ` · ${me.teamTag}` : ''})
            </span>
          </div>
          <div className="find-me-actions">
            <Link
              to="/racers/$username/$subtab"
              params={{ username: me.username, subtab: 'batch' }}
              search={{ tag: undefined }}
              className="btn btn-primary"
            >
              Open my racer page
            </Link>
            <Link to="/leaderboards" search={{ view: 'individuals' }} className="btn btn-secondary">
              My rank on the leaderboard
            </Link>
            <button type="button" className="btn btn-ghost" onClick={() => setMyRacer(null)}>
              Forget me
            </button>
          </div>
        </Card>
      ) : null}
      <Card title={me ? 'Not you? Pick again' : 'Find yourself'} className="find-me-search">
        <OfflineNote updatedAt={members.dataUpdatedAt || undefined} />
        {members.isError && !members.data ? (
          <ErrorBox text="Failed to fetch racers" />
        ) : (
          <RacerSearchBox racers={members.data ?? []} onChoose={choose} loading={members.isPending} />
        )}
      </Card>
    </div>
  );
}
