import { Suspense, lazy } from 'react';
import { ConfigProvider, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { Redirect } from '@plantdoc/kit';
import { StartScreen } from './pages/StartScreen';
import { useOperator } from './state';
import { OfflineBanner } from './components/OfflineBanner';

// The start screen comes with the module; every other screen is its own chunk, loaded
// when first shown, so /island does not download the tables, dialogs and selects of the
// screens after it (docs/web.md, "Weight and speed").
const page = (load, name) => lazy(() => load().then((m) => ({ default: m[name] })));
const PartSelect = page(() => import('./pages/PartSelect'), 'PartSelect');
const OperatorStatus = page(() => import('./pages/OperatorStatus'), 'OperatorStatus');
const Interface = page(() => import('./pages/Interface'), 'Interface');
const SwpAck = page(() => import('./pages/SwpAck'), 'SwpAck');
const Reference = page(() => import('./pages/Reference'), 'Reference');
const Settings = page(() => import('./pages/Settings'), 'Settings');
const ErrorPage = page(() => import('./pages/ErrorPage'), 'ErrorPage');
const AlertAck = page(() => import('./pages/AlertAck'), 'AlertAck');
// The idle sign-out watches only while an operator is at the netbook: its chunk loads then
// (the start screen has ~1 KB left under its weight budget).
const IdleSignOut = page(() => import('./components/IdleSignOut'), 'IdleSignOut');
function Idle() {
  const op = useOperator();
  return op ? (
    <Suspense fallback={null}>
      <IdleSignOut />
    </Suspense>
  ) : null;
}
// A new badge over an operator's screens signs the next person in (BadgeSwap): 'now' where
// nothing is being read, 'confirm' (a dialog first) where it is.
const BadgeSwap = page(() => import('./components/BadgeSwap'), 'BadgeSwap');
function Swap({ mode }) {
  const op = useOperator();
  return op ? (
    <Suspense fallback={null}>
      <BadgeSwap confirm={mode === 'confirm'} />
    </Suspense>
  ) : null;
}
const loading = <Spin size="large" style={{ display: 'block', marginTop: 64 }} />;

// Spec "Guards": operator-status, swp-ack, alert-ack and interface need an operator and
// a part (in the URL), else /island.
function Operator({ children }) {
  const op = useOperator();
  const [params] = useSearchParams();
  if (!op || !params.get('part')) return <Redirect to="/island" />;
  return children;
}

// The kiosk's primary blue is one shade darker than the console's: white text on antd's
// #1677ff is 4.1:1, under the 4.5:1 the netbook screens must meet (axe color-contrast).
// Every control is at least 40 px high: a touch target for a finger (plugins/island/README.md item 21).
const KIOSK_THEME = { token: { colorPrimary: '#0958d9', controlHeight: 40 } };
const kiosk = (element, swap) => (
  <ConfigProvider theme={KIOSK_THEME}>
    <OfflineBanner />
    <Suspense fallback={loading}>{element}</Suspense>
    <Idle />
    {swap && <Swap mode={swap} />}
  </ConfigProvider>
);

const screens = [
  { path: '', element: <StartScreen /> },
  { path: 'reference', element: <Reference /> },
  { path: 'part-select', element: <PartSelect />, swap: 'now' },
  { path: 'settings', element: <Settings /> },
  { path: 'error/:type', element: <ErrorPage /> },
  {
    path: 'operator-status',
    swap: 'now',
    element: (
      <Operator>
        <OperatorStatus />
      </Operator>
    ),
  },
  {
    path: 'interface/*',
    swap: 'confirm',
    element: (
      <Operator>
        <Interface />
      </Operator>
    ),
  },
  {
    path: 'swp-ack',
    swap: 'confirm',
    element: (
      <Operator>
        <SwpAck />
      </Operator>
    ),
  },
  {
    path: 'alert-ack',
    swap: 'confirm',
    element: (
      <Operator>
        <AlertAck />
      </Operator>
    ),
  },
];

export const routes = screens.map(({ swap, ...r }) => ({ ...r, element: kiosk(r.element, swap) }));
