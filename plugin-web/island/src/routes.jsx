import { ConfigProvider } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { StartScreen } from './pages/StartScreen';
import { PartSelect } from './pages/PartSelect';
import { OperatorStatus } from './pages/OperatorStatus';
import { Interface } from './pages/Interface';
import { SwpAck } from './pages/SwpAck';
import { Reference } from './pages/Reference';
import { Settings } from './pages/Settings';
import { ErrorPage } from './pages/ErrorPage';
import { AlertAck } from './pages/AlertAck';
import { useOperator } from './state';

// Spec "Guards": operator-status, swp-ack, alert-ack and interface need an operator and
// a part (in the URL), else /island.
function Operator({ children }) {
  const op = useOperator();
  const [params] = useSearchParams();
  if (!op || !params.get('part')) return <Navigate to="/island" replace />;
  return children;
}

// The kiosk's primary blue is one shade darker than the console's: white text on antd's
// #1677ff is 4.1:1, under the 4.5:1 the netbook screens must meet (axe color-contrast).
const KIOSK_THEME = { token: { colorPrimary: '#0958d9' } };
const kiosk = (element) => <ConfigProvider theme={KIOSK_THEME}>{element}</ConfigProvider>;

const screens = [
  { path: '', element: <StartScreen /> },
  { path: 'reference', element: <Reference /> },
  { path: 'part-select', element: <PartSelect /> },
  { path: 'settings', element: <Settings /> },
  { path: 'error/:type', element: <ErrorPage /> },
  { path: 'operator-status', element: <Operator><OperatorStatus /></Operator> },
  { path: 'interface/*', element: <Operator><Interface /></Operator> },
  { path: 'swp-ack', element: <Operator><SwpAck /></Operator> },
  { path: 'alert-ack', element: <Operator><AlertAck /></Operator> },
];

export const routes = screens.map((r) => ({ ...r, element: kiosk(r.element) }));
