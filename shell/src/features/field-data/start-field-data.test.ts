import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import { startFieldData } from './start-field-data';

const startVitalsReporting = jest.fn();
const load = jest.fn(() => Promise.resolve({ startVitalsReporting }));

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/courses/42');
});

const withRate = (sampleRate: number) => setConfig({ ...DEFAULT_CONFIG, vitals: { sampleRate } });

it('a visit outside the sample never fetches the reporting code', async () => {
  withRate(0.25);
  startFieldData(() => 0.25, load);
  await Promise.resolve();
  expect(load).not.toHaveBeenCalled();
});

it('a sampled visit fetches it and reports the page it started on', async () => {
  withRate(0.25);
  startFieldData(() => 0.2, load);
  window.history.replaceState(null, '', '/blog');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(load).toHaveBeenCalledTimes(1);
  expect(startVitalsReporting).toHaveBeenCalledWith({ sampleRate: 1, pathname: '/courses/42' });
});
