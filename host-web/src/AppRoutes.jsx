// Application-level routes (spec: /, /login/*, /island/*, /main/*, anything else).
import { Route, Routes } from 'react-router';
import { Landing } from './pages/Landing';
import { NotFound } from './pages/NotFound';
import { LoginArea } from './login/LoginArea';
import { ConsoleLayout } from './console/ConsoleLayout';
import { IslandFrame } from './island/IslandFrame';
import { RequireAuth, RequireConsole } from './session/guards';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Landing />} />
      <Route path="/login/*" element={<LoginArea />} />
      <Route
        path="/island/*"
        element={
          <RequireAuth>
            <IslandFrame />
          </RequireAuth>
        }
      />
      <Route
        path="/main/*"
        element={
          <RequireConsole>
            <ConsoleLayout />
          </RequireConsole>
        }
      />
      <Route path="*" element={<NotFound standalone />} />
    </Routes>
  );
}
