/** Races, WPM, Accuracy and Points columns, shared by the three event tables. */
import { formatAccuracy, formatInt, formatWpm } from '../../lib/format';
import { rounded, type ViewColumn } from './view-columns';

interface Stats {
  WPM: number | null;
  Accuracy: number | null;
  Points: number;
}

export function racesColumn<Row>(key: string, races: (r: Row) => number): ViewColumn<Row> {
  return {
    key,
    header: 'Races',
    numeric: true,
    render: (r) => formatInt(races(r)),
    sortValue: races,
    exportValue: races,
  };
}

export function statColumns<Row extends Stats>(): ViewColumn<Row>[] {
  return [
    {
      key: 'WPM',
      header: 'WPM',
      numeric: true,
      render: (r) => formatWpm(r.WPM),
      sortValue: (r) => r.WPM,
      exportValue: (r) => rounded(r.WPM, 1),
    },
    {
      key: 'Accuracy',
      header: 'Accuracy',
      exportHeader: 'Accuracy (%)',
      numeric: true,
      render: (r) => formatAccuracy(r.Accuracy),
      sortValue: (r) => r.Accuracy,
      exportType: 'accuracy',
      exportValue: (r) => r.Accuracy,
    },
    {
      key: 'Points',
      header: 'Points',
      numeric: true,
      render: (r) => formatInt(r.Points),
      sortValue: (r) => r.Points,
      exportValue: (r) => rounded(r.Points, 0),
    },
  ];
}
