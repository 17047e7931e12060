import { loadConfig } from '../../src/config';
import { appointmentProblem, describeOfficeHours, parseOfficeHours, wallClock } from '../../src/lib/office-hours';

/** Office hours read from config and judged in the institute's zone, whatever zone the server runs in. */
const hours = parseOfficeHours('Mon-Fri 09:00-17:00, Sat 10:00-14:00', 'America/New_York');

it('describes the hours as a person reads them', () => {
  expect(describeOfficeHours(hours)).toBe('Monday to Friday, 9:00 AM to 5:00 PM; Saturday, 10:00 AM to 2:00 PM (America/New_York time)');
});

it('reads today and now in the institute\'s zone, not the server\'s (UTC 03:30 is the evening before in New York)', () => {
  expect(wallClock(new Date('2026-11-27T03:30:00Z'), 'America/New_York')).toEqual({ date: '2026-11-26', time: '22:30' });
  // Summer time: four hours behind UTC instead of five.
  expect(wallClock(new Date('2026-07-01T13:05:00Z'), 'America/New_York')).toEqual({ date: '2026-07-01', time: '09:05' });
});

describe('an appointment request on Thursday 2026-11-26 at 11:00 in New York', () => {
  const now = new Date('2026-11-26T16:00:00Z');
  it.each([
    ['2026-11-26', '12:00', null],
    ['2026-11-26', '10:59', 'The preferred time has already passed today. Please choose a later time.'],
    ['2026-11-25', '', 'The preferred date is in the past. Please choose a later date.'],
    ['2026-11-28', '13:30', null],
    ['2026-11-28', '14:00', expect.stringMatching(/^2:00 PM is outside our office hours\./)],
    ['2026-11-29', '', expect.stringMatching(/^We are closed on Sundays\./)],
    ['2026-11-30', '08:59', expect.stringMatching(/^8:59 AM is outside our office hours\./)],
    ['2026-11-30', '', null],
    ['', '', null],
  ])('%s %s', (date, time, problem) => {
    expect(appointmentProblem(hours, now, date || undefined, time || undefined)).toEqual(problem);
  });
});

it.each([
  ['Mon-Fri 9-17', 'OFFICE_HOURS: cannot read "Mon-Fri 9-17"; write entries like "Mon-Fri 09:00-17:00".'],
  ['Fri-Mon 09:00-17:00', 'OFFICE_HOURS: "Fri-Mon 09:00-17:00" runs backwards through the week.'],
  ['Mon 17:00-09:00', 'OFFICE_HOURS: "Mon 17:00-09:00" closes before it opens.'],
  ['Funday 09:00-17:00', 'OFFICE_HOURS: "Funday" is not a day of the week (in "Funday 09:00-17:00").'],
])('refuses to start on OFFICE_HOURS=%s', (value, message) => {
  expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), OFFICE_HOURS: value })).toThrow(message);
});

it('refuses to start on a time zone that does not exist, and defaults to weekdays 9 to 5 in New York', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), INSTITUTE_TIME_ZONE: 'Mars/Olympus' }))
    .toThrow('INSTITUTE_TIME_ZONE: "Mars/Olympus" is not an IANA time zone (for example America/New_York).');
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
  expect(describeOfficeHours(config.leads.officeHours)).toBe('Monday to Friday, 9:00 AM to 5:00 PM (America/New_York time)');
});
