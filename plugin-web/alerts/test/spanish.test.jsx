// The Alerts pages in Spanish (decision 77): no English text of the module is left on
// the lists (Browse, My Pending), the detail view and the Upload form.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage, setSessionUser } from '@plantdoc/kit';
import { act, configure, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import { MemoryRouter } from 'react-router';
import '../src/index';
import { AlertsPage } from '../src/pages/AlertsPage';
import { englishLeft, shownText } from '../../../web-tests/i18n-english-left.mjs';
import { renderWithQuery, stubFetch } from './helpers';

configure({ asyncUtilTimeout: 20000 });
vi.setConfig({ testTimeout: 120_000 });

const alert = (id, tag, extra = {}) => ({
  _id: id,
  alertTag: tag,
  alertType: 'New Part',
  partNumber: 'P-1',
  uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
  effectiveDate: { date: '2026-03-04T14:15:00Z' },
  sunsetDate: { date: '2026-03-11T14:15:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  onBehalfOf: { name: 'Elias Park' },
  zones: ['A1'],
  approvals: { engineer: { status: 'Approved' }, manager: { status: 'Pending' } },
  opSigned: [{}],
  status: 'deployed',
  mine: true,
  ...extra,
});
const future = { date: '2099-01-01T00:00:00Z' };

beforeEach(async () => {
  setSessionUser({ _id: 'e1', firstname: 'Erin', lastname: 'Cole', position: 'manager', department: 'process' });
  stubFetch({
    '/api/alerts/deployed': [200, [alert('a', 'N-2026-0001'), alert('b', 'N-2026-0002', { inForce: false, effectiveDate: future })]],
    '/api/alerts/user-pending-alerts': [200, [alert('c', 'N-2026-0003', { status: 'pending' })]],
    '/api/alerts/user-deployed-alerts': [200, []],
    '/api/zones': [200, [{ value: 'A1', label: 'A1' }]],
    '/api/alerts/onBehalfOfUsers': [200, []],
  });
  await act(() => setLanguage('es'));
});

afterEach(async () => {
  await act(() => setLanguage('en'));
});

// antd's own texts (pagination, pickers …) in Spanish too, as the host gives them.
const page = (url) =>
  renderWithQuery(
    <ConfigProvider locale={esES}>
      <MemoryRouter initialEntries={[url]}>
        <AlertsPage />
      </MemoryRouter>
    </ConfigProvider>,
  );

describe('Alerts in Spanish', () => {
  it('shows Browse, with a scheduled alert, and the tab bar with no English text of the module', async () => {
    const { container } = page('/main/alerts');
    await screen.findByText('N-2026-0001');
    expect(screen.getByText('Programada')).toBeTruthy();
    expect(screen.getByText('Explorar')).toBeTruthy();
    expect(englishLeft('alerts', shownText(container))).toEqual([]);
  });

  it('shows My Pending and the empty My Approved with no English text of the module', async () => {
    const pending = page('/main/alerts?tab=my-pending');
    await screen.findByText('N-2026-0003');
    expect(screen.getByText('Ingeniero')).toBeTruthy();
    expect(englishLeft('alerts', shownText(pending.container))).toEqual([]);
    pending.unmount();
    const approved = page('/main/alerts?tab=my-approved');
    await screen.findByText('Todavía no se ha aprobado ninguna de sus alertas.');
    expect(englishLeft('alerts', shownText(approved.container))).toEqual([]);
  });

  it('shows the detail view with no English text of the module', async () => {
    const { container } = page('/main/alerts?alert=a');
    await screen.findByText('Parte nueva');
    expect(screen.getByText('Volver')).toBeTruthy();
    expect(englishLeft('alerts', shownText(container))).toEqual([]);
  });

  it('shows the Upload form with no English text of the module', async () => {
    const { container } = page('/main/alerts?tab=upload');
    await screen.findByText('Tipo de alerta');
    expect(screen.getByText('Cambio')).toBeTruthy();
    expect(englishLeft('alerts', shownText(container))).toEqual([]);
  });
});
