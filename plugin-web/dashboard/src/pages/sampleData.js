// Static sample data: the dashboard is demonstration-only (spec: "All its figures,
// charts, focus parts and plant activity rows are static sample data"). Texts are keys
// (k), translated where they show.
import { k } from '@plantdoc/kit';

export const DEMO_NOTE = k('Only a small portion of the dashboard is shown for demonstration purposes. Data updates are paused.');
export const ADD_CHART_DISABLED = k('This feature has been temporarily disabled for demonstration purposes.');
export const RELEASE_2_PLACEHOLDER = k('This feature is available in release 2.0.');

export const FIGURES = [
  { key: 'deployed', title: k('SWPs Deployed'), value: 128 },
  { key: 'pending', title: k('Pending Approval'), value: 7 },
  { key: 'signed', title: k('Operators Signed Today'), value: 46 },
  { key: 'alerts30', title: k('Alerts Signed Within 30 Minutes'), value: 92, suffix: '%' },
];

// Signatures per day over one sample week.
export const SIGNATURES_BY_DAY = [
  { label: k('Mon'), value: 38 },
  { label: k('Tue'), value: 52 },
  { label: k('Wed'), value: 47 },
  { label: k('Thu'), value: 61 },
  { label: k('Fri'), value: 55 },
  { label: k('Sat'), value: 21 },
  { label: k('Sun'), value: 12 },
];

export const FOCUS_PARTS = [
  { partNumber: '52100-TZ3-A010', zone: 'A1', note: k('New release this week') },
  { partNumber: '63110-KX2-B200', zone: 'B2', note: k('Quality alert issued') },
  { partNumber: '71800-PL9-C030', zone: 'C1', note: k('Training below target') },
];

export const PLANT_ACTIVITY = [
  { key: 1, when: '2026-03-02T07:42:00', who: 'Olivia Chen', what: k('Signed SWP 52100-TZ3-A010'), zone: 'A1' },
  { key: 2, when: '2026-03-02T08:05:00', who: 'Sam Ortiz', what: k('Verified Olivia Chen on 52100-TZ3-A010'), zone: 'A1' },
  { key: 3, when: '2026-03-02T09:18:00', who: 'Paula Reyes', what: k('Approved alert Q-2026-0007'), zone: 'B2' },
  { key: 4, when: '2026-03-02T10:31:00', who: 'Omar Haddad', what: k('Read alert Q-2026-0007'), zone: 'B2' },
  { key: 5, when: '2026-03-02T11:02:00', who: 'Evan Brooks', what: k('Uploaded SWP 71800-PL9-C030'), zone: 'C1' },
];
