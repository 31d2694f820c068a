import { describe, expect, it } from 'vitest';
import {
  individualBoardFromLines,
  individualBoardJson,
  parseBoardLines,
  parseSums,
  racerHead,
  teamBoardJson,
} from './board-json.js';

describe('board JSON from sums text', () => {
  it('adds up the lines of a key and computes the stats of the sums', () => {
    const sums = parseSums(
      [
        // races,typed,errs,secs,points,key
        '2,1000,10,120,400.5,"ALPHA"',
        '1,500,25,60,90.25,"BRAVO"',
        '3,900,9,90,300,"BRAVO"',
        '-1,-100,0,-10,-5,"CHARLIE"',
        '1,50,0,6,3,"A,B"',
      ].join('\n'),
    );
    expect(sums.totals('"BRAVO"')).toEqual({ races: 4, typed: 1400, errs: 34, secs: 150, points: 390.25 });
    // A key may hold commas: it is everything after the fifth.
    expect(sums.totals('"A,B"')).toEqual({ races: 1, typed: 50, errs: 0, secs: 6, points: 3 });
    expect(sums.totals('"CHARLIE"')).toEqual({ races: -1, typed: -100, errs: 0, secs: -10, points: -5 });
    // BRAVO: accuracy 1 − 34/1400, WPM (1400/5)/(150/60) = 112, computed again.
    expect(JSON.parse(teamBoardJson(sums))).toEqual([
      // ALPHA: accuracy 1 − 10/1000 = 0.99, WPM (1000/5)/(120/60) = 100.
      { TeamTag: 'ALPHA', Races: 2, Accuracy: 0.99, WPM: 100, Points: 400.5 },
      { TeamTag: 'BRAVO', Races: 4, Accuracy: 1 - 34 / 1400, WPM: 112, Points: 390.25 },
      // A,B: accuracy 1, WPM (50/5)/(6/60) = 100. CHARLIE: races add up to less than one, not on the board.
      { TeamTag: 'A,B', Races: 1, Accuracy: 1, WPM: 100, Points: 3 },
    ]);
  });

  it('subtracts the lines of a second text, dropping keys left without races', () => {
    // Running totals to the last day, minus those to the day before the first.
    const sums = parseSums(
      ['5,2000,20,240,800.5,1', '2,600,6,60,150,2', '4,1000,0,100,420,3'].join('\n'),
      ['3,1000,10,120,400.25,1', '2,600,6,60,150,2', '-1,-5,0,-1,-2,3'].join('\n'),
    );
    expect(sums.totals('1')).toEqual({ races: 2, typed: 1000, errs: 10, secs: 120, points: 400.25 });
    // Subtracting a negative line adds it back.
    expect(sums.totals('3')).toEqual({ races: 5, typed: 1005, errs: 0, secs: 101, points: 422 });
    const rows = JSON.parse(individualBoardJson(sums, () => undefined)) as Array<{
      UserID: number;
      Races: number;
      WPM: number;
    }>;
    // Racer 2 raced nothing in between: not on the board.
    expect(rows.map((r) => [r.UserID, r.Races])).toEqual([
      [3, 5],
      [1, 2],
    ]);
    expect(rows[1].WPM).toBe(100);
    expect(parseSums(null, '1,1,0,1,1,1').totals('1')).toEqual({ races: -1, typed: -1, errs: 0, secs: -1, points: -1 });
  });

  it('writes null stats, escapes names, and breaks ties in points by name', () => {
    const sums = parseSums(['1,0,0,0,10,7', '1,100,1,0,10,3', '2,100,0,60,20,9'].join('\n'));
    const who = new Map([
      ['3', { username: 'zed', head: racerHead('3', 'zed', 'Zed "Z" \\ 🏁', 'ALPHA', true) }],
      ['7', { username: 'amy', head: racerHead('7', 'amy', 'amy', null, false) }],
    ]);
    const rows = JSON.parse(individualBoardJson(sums, (id) => who.get(id)));
    expect(rows).toEqual([
      // No identity: the id stands in for the names.
      {
        UserID: 9,
        Username: '9',
        CurrentDisplayName: '9',
        TeamTag: null,
        bot: 0,
        Races: 2,
        Accuracy: 1,
        WPM: 20,
        Points: 20,
      },
      {
        UserID: 7,
        Username: 'amy',
        CurrentDisplayName: 'amy',
        TeamTag: null,
        bot: 0,
        Races: 1,
        Accuracy: null,
        WPM: null,
        Points: 10,
      },
      {
        UserID: 3,
        Username: 'zed',
        CurrentDisplayName: 'Zed "Z" \\ 🏁',
        TeamTag: 'ALPHA',
        bot: 1,
        Races: 1,
        Accuracy: 0.99,
        WPM: null,
        Points: 10,
      },
    ]);
  });

  it('reads nothing as an empty board and refuses a malformed line', () => {
    expect(teamBoardJson(parseSums(null))).toBe('[]');
    expect(() => parseSums('1,2,3')).toThrow(/Malformed/);
    expect(() => parseSums('1,2,3,4,5,"A"\n\n1,2,3,4,5,"B"')).toThrow(/Malformed/);
    expect(() => parseSums('1,2,x,4,5,"A"')).toThrow(/Malformed leaderboard line: 1,2,x,4,5,"A"$/);
    expect(() => parseSums('1,2,3,4,,"A"')).toThrow(/Malformed/);
    expect(() => parseSums('1,2,3,4,5.5')).toThrow(/Malformed/);
  });

  it('writes the individual board from its own lines, ties in points in name order', () => {
    const lines = parseBoardLines(
      [
        '9,"Races":2,"Accuracy":1,"WPM":20,"Points":20}',
        '3,"Races":1,"Accuracy":0.99,"WPM":null,"Points":10}',
        '5,"Races":1,"Accuracy":1,"WPM":30,"Points":10}',
        '7,"Races":1,"Accuracy":null,"WPM":null,"Points":10}',
        '4,"Races":1,"Accuracy":1,"WPM":10,"Points":2.5}',
      ].join('\n'),
    );
    expect(lines.ids).toEqual(['9', '3', '5', '7', '4']);
    const who = new Map([
      ['3', { username: 'zed', head: racerHead('3', 'zed', 'Zed', 'ALPHA', true) }],
      ['5', { username: 'bea', head: racerHead('5', 'bea', 'Bea', 'ALPHA', false) }],
      ['7', { username: 'amy', head: racerHead('7', 'amy', 'amy', null, false) }],
    ]);
    const rows = JSON.parse(individualBoardFromLines(lines, (id) => who.get(id))) as Array<Record<string, unknown>>;
    // 10 points three times: amy, bea, zed. Racers 9 and 4 have no identity: their id stands in.
    expect(rows.map((r) => [r.Username, r.Points])).toEqual([
      ['9', 20],
      ['amy', 10],
      ['bea', 10],
      ['zed', 10],
      ['4', 2.5],
    ]);
    expect(rows[3]).toEqual({
      UserID: 3,
      Username: 'zed',
      CurrentDisplayName: 'Zed',
      TeamTag: 'ALPHA',
      bot: 1,
      Races: 1,
      Accuracy: 0.99,
      WPM: null,
      Points: 10,
    });
    expect(individualBoardFromLines(parseBoardLines(null), () => undefined)).toBe('[]');
  });

  it('refuses a malformed board line', () => {
    expect(() => parseBoardLines('"Races":1,"Points":2}')).toThrow(/Malformed leaderboard line/);
    expect(() => parseBoardLines('12')).toThrow(/Malformed/);
    expect(() => parseBoardLines('12,"Races":1,"Points":2}\n13,"Races":1')).toThrow(
      /Malformed leaderboard line: 13,"Races":1$/,
    );
  });
});
