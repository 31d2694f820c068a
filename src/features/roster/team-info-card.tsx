/** The team info card (docs/product.md §2): every field with N/A for missing values; errors replace the card in red. */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TeamInfo } from '../../../contract/teams';
import { formatCT, formatInt } from '../../lib/format';
import { InfoGrid, InfoItem } from '../../ui/info-grid';
import { ErrorBox, Loading } from '../../ui/states';
import { teamInfoQueryOptions } from '../../api/teams';
import { useStyleWhenHydrated } from '../../lib/use-hydrated';

const NA = 'N/A';

function text(v: string | null | undefined): string {
  return v && v.trim() ? v : NA;
}

/** The game sends colours as hex, with or without '#'. */
function colourOf(v: string | null): string | null {
  const m = v ? /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(v.trim()) : null;
  return m ? `#${m[1]}` : null;
}

function fields(info: TeamInfo, styled: ReturnType<typeof useStyleWhenHydrated>): Array<[string, ReactNode]> {
  const colour = colourOf(info.tagColor);
  return [
    ['Tag', info.Tag],
    ['Name', text(info.name)],
    [
      'Tag Color',
      colour ? (
        <span className="team-colour">
          <span className="team-colour-swatch" style={styled({ background: colour })} aria-hidden="true" />
          {colour}
        </span>
      ) : (
        text(info.tagColor)
      ),
    ],
    ['Created', info.createdStamp ? formatCT(info.createdStamp, 'MMM d, yyyy') : NA],
    ['Captain', text(info.captain)],
    ['Username', text(info.username)],
    ['Lifetime Races', info.min_races === null ? NA : formatInt(info.min_races)],
    ['Min WPM', info.min_speed === null ? NA : formatInt(info.min_speed)],
    ['Weekly Requirements', info.WeeklyRequirements ? formatInt(info.WeeklyRequirements) : NA],
    ['Other Requirements', text(info.otherRequirements)],
  ];
}

export function TeamInfoCard({ tag }: { tag: string }) {
  const { data, error, isPending } = useQuery(teamInfoQueryOptions(tag));
  const styled = useStyleWhenHydrated();
  if (isPending) return <Loading text="Loading team info..." />;
  // A failed refresh keeps the card it had.
  if (error && !data) return <ErrorBox text={error.message} />;
  return (
    <section className="card team-info" aria-labelledby="team-info-title">
      <h2 id="team-info-title" className="card-title">
        [{data.Tag}] {data.name ?? ''}
      </h2>
      <InfoGrid className="team-info-grid">
        {fields(data, styled).map(([label, value]) => (
          <InfoItem
            key={label}
            label={label}
            className={`team-info-item${label === 'Other Requirements' ? ' team-info-wide' : ''}`}
          >
            {value}
          </InfoItem>
        ))}
      </InfoGrid>
    </section>
  );
}
