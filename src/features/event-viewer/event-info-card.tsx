/** The selected event's info: status, times in CT, teams, owner, description and pay-to-play settings. */
import type { Event } from '../../../contract/events';
import { formatCT, formatInt, formatMoney } from '../../lib/format';
import { Card } from '../../ui/card';
import { InfoGrid, InfoItem as Item } from '../../ui/info-grid';
import { EventStatusBadge } from '../../ui/status-badge';

/** Teams are comma- or space-separated; N/A when there are none. */
export function eventTeams(teamTag: string): string {
  const tags = teamTag.split(/[\s,]+/).filter(Boolean);
  return tags.length ? tags.join(', ') : 'N/A';
}

const bonus = (n: number | null) => (n === null ? '-' : `×${n}`);

export function EventInfoCard({ event, participantCount }: { event: Event; participantCount: number | undefined }) {
  const paysOut = event.PayoutIncrement !== null && event.PayoutIncrement !== 0;
  return (
    <Card
      className="event-info"
      title={
        <span className="event-info-title">
          {event.Title} <EventStatusBadge status={event.Status} />
        </span>
      }
    >
      {event.Description ? <p className="event-info-description">{event.Description}</p> : null}
      <InfoGrid className="event-info-grid">
        <Item label="Event ID">{event.EventID}</Item>
        <Item label="Teams">{eventTeams(event.TeamTag)}</Item>
        <Item label="Owner">{event.OwnerTag || '-'}</Item>
        <Item label="Start">{formatCT(event.StartTime)}</Item>
        <Item label="End">{formatCT(event.EndTime)}</Item>
        <Item label="Default Sort">{event.DefaultSort}</Item>
        <Item label="Participants">{participantCount === undefined ? '-' : formatInt(participantCount)}</Item>
      </InfoGrid>
      {paysOut ? (
        <div className="event-p2p">
          <h3 className="event-p2p-title">Pay-to-play</h3>
          <InfoGrid className="event-info-grid">
            <Item label="Min Races">{formatInt(event.MinRaces)}</Item>
            <Item label="Qualifying Races">{formatInt(event.QualifyingRaces)}</Item>
            <Item label="Race Increment">{formatInt(event.RaceIncrement || 1)}</Item>
            <Item label="Payout Increment">{formatMoney(event.PayoutIncrement)}</Item>
            <Item label="Cap">{event.Cap === null ? 'None' : formatMoney(event.Cap)}</Item>
            <Item label="Bonus at 96%+">{bonus(event.AccBonus96)}</Item>
            <Item label="Bonus at 98%+">{bonus(event.AccBonus98)}</Item>
            <Item label="Flagged racers">{event.PayFlagged ? 'Paid' : 'Not paid'}</Item>
          </InfoGrid>
        </div>
      ) : null}
    </Card>
  );
}
