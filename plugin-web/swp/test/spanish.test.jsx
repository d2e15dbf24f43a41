// The SWPs pages in Spanish (decision 77): no English text of the module is left on
// Browse (and its tab bar), the Upload form, a part's details and the verification history.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage, setSessionUser } from '@plantdoc/kit';
import { act, configure, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import { MemoryRouter } from 'react-router';
import '../src/index';
import { SwpsPage } from '../src/pages/SwpsPage';
import { SwpDetails } from '../src/pages/PartSearchPage';
import { HistoryTable } from '../src/tabs/HistoryTab';
import { englishLeft, shownText } from '../../../web-tests/i18n-english-left.mjs';
import { renderWithQuery as render, stubFetch } from './helpers';

configure({ asyncUtilTimeout: 20000 });
vi.setConfig({ testTimeout: 120_000 });

const swp = {
  _id: 'a',
  partNumber: 'P-1',
  revision: 0,
  uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
  deployDate: { timestamp: '2026-03-05T09:00:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  onBehalfOf: { name: 'Elias Park' },
  zones: ['A1'],
  changes: '',
  newRelease: true,
  referenceOnly: false,
};
const record = (id, verified) => ({
  _id: id,
  verified,
  op: { fullName: 'Olivia Grant', opNo: 'OP1001' },
  cl: verified ? { fullName: 'Carl Lee', opNo: 'CL7' } : null,
  dateSigned: { date: '2026-03-01T10:00:00Z' },
  dateVerified: verified ? { date: '2026-03-01T11:00:00Z' } : null,
});

beforeEach(async () => {
  setSessionUser({ _id: 'm1', firstname: 'Paula', lastname: 'Reyes', position: 'manager', department: 'process' });
  stubFetch({
    '/api/swps/deployed-swps-paginated': [200, { results: [swp], total: 1 }],
    '/api/zones': [200, [{ value: 'A1', label: 'A1' }]],
    '/api/swps/onBehalfOfUsers': [200, []],
  });
  await act(() => setLanguage('es'));
});

afterEach(async () => {
  await act(() => setLanguage('en'));
});

// antd's own texts (pagination …) in Spanish too, as the host gives them.
const inSpanish = (ui, entry = '/main/swps') =>
  render(
    <ConfigProvider locale={esES}>
      <MemoryRouter initialEntries={[entry]}>{ui}</MemoryRouter>
    </ConfigProvider>,
  );
const page = (entry) => inSpanish(<SwpsPage />, entry);

describe('SWPs in Spanish', () => {
  it('shows Browse and the tab bar with no English text of the module', async () => {
    const { container } = page('/main/swps');
    await screen.findByText('P-1');
    expect(screen.getByText('Explorar')).toBeTruthy();
    expect(screen.getByText('Lanzamiento')).toBeTruthy();
    expect(englishLeft('swp', shownText(container))).toEqual([]);
  });

  it('shows the Upload form with no English text of the module', async () => {
    const { container } = page('/main/swps?tab=upload');
    await screen.findByText('Hoja de trabajo estándar');
    expect(screen.getByText('Omitir la aprobación de la gerencia y publicar directamente en piso')).toBeTruthy();
    expect(englishLeft('swp', shownText(container))).toEqual([]);
  });

  it("shows a part's details and its verification history with no English text of the module", async () => {
    const { container } = inSpanish(
      <>
        <SwpDetails swp={swp} />
        <HistoryTable rows={[record('r1', true), record('r2', false)]} />
      </>,
    );

    await screen.findByText('VERIFICADO');
    expect(screen.getByText('NO VERIFICADO')).toBeTruthy();
    expect(englishLeft('swp', shownText(container))).toEqual([]);
  });
});
