/** Column constructors, so a table declares each exported column's header, type and value in one line. */
import type { ExportAs, ExportColumn, ExportInput } from './types';

type Get<Row> = (row: Row) => ExportInput;

export const textColumn = <Row>(header: string, value: Get<Row>): ExportColumn<Row> => ({
  header,
  type: 'text',
  value,
});

export const numberColumn = <Row>(header: string, value: Get<Row>, decimals?: number): ExportColumn<Row> => ({
  header,
  type: 'number',
  decimals,
  value,
});

/** A fraction 0–1 written as a percent with two decimals; the header says so. */
export const accuracyColumn = <Row>(value: Get<Row>, header = 'Accuracy (%)'): ExportColumn<Row> => ({
  header,
  type: 'accuracy',
  value,
});

export const yesNoColumn = <Row>(header: string, value: Get<Row>): ExportColumn<Row> => ({
  header,
  type: 'yesNo',
  value,
});

/** Every export that lists racers has this column: Yes for a racer flagged as a bot, else No. */
export const botColumn = <Row>(value: Get<Row>): ExportColumn<Row> => yesNoColumn('Bot', value);

/** `exportAs` of a screen column (ui/data-table.tsx): the header is the screen's unless given. */
export const asText = <Row>(value: Get<Row>): ExportAs<Row> => ({ type: 'text', value });
export const asNumber = <Row>(value: Get<Row>, decimals?: number): ExportAs<Row> => ({
  type: 'number',
  value,
  decimals,
});
export const asAccuracy = <Row>(value: Get<Row>, header = 'Accuracy (%)'): ExportAs<Row> => ({
  type: 'accuracy',
  value,
  header,
});
