import { describe, expect, it } from 'vitest';
import { payToPlayBody, payToPlayValues } from './pay-to-play-form';

const NONE = {
  MinRaces: null,
  QualifyingRaces: null,
  RaceIncrement: null,
  PayoutIncrement: null,
  Cap: null,
  AccBonus96: null,
  AccBonus98: null,
};

describe('pay-to-play form', () => {
  it('shows the spec defaults for unset fields and the event values otherwise', () => {
    expect(payToPlayValues(NONE)).toEqual({
      MinRaces: '100',
      QualifyingRaces: '150',
      RaceIncrement: '50',
      PayoutIncrement: '500000',
      Cap: '10000000',
      AccBonus96: '1',
      AccBonus98: '1',
    });
    expect(payToPlayValues({ ...NONE, MinRaces: 0, Cap: 2500.5 })).toMatchObject({
      MinRaces: '0',
      Cap: '2500.5',
      QualifyingRaces: '150',
    });
  });

  it('sends numbers, decimals allowed where the step is 0.01', () => {
    const v = { ...payToPlayValues(NONE), AccBonus98: '1.25' };
    expect(payToPlayBody(v)).toEqual({
      body: {
        MinRaces: 100,
        QualifyingRaces: 150,
        RaceIncrement: 50,
        PayoutIncrement: 500000,
        Cap: 10000000,
        AccBonus96: 1,
        AccBonus98: 1.25,
      },
    });
  });

  it('refuses empty, negative, non-numeric and fractional counts', () => {
    const v = payToPlayValues(NONE);
    expect(payToPlayBody({ ...v, QualifyingRaces: ' ' })).toEqual({ error: 'Qualifying Races is required' });
    expect(payToPlayBody({ ...v, Cap: '-1' })).toEqual({ error: 'Cap must be 0 or more' });
    expect(payToPlayBody({ ...v, RaceIncrement: 'ten' })).toEqual({ error: 'Race Increment must be a number' });
    expect(payToPlayBody({ ...v, MinRaces: '1.5' })).toEqual({ error: 'Min Races must be a whole number' });
  });
});
