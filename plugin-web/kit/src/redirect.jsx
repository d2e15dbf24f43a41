// A guard's redirect that is not lost (issue 33 item 9). react-router's <Navigate> calls
// navigate() in a passive effect, and navigate() does nothing (silently, in a production
// build) until the calling component's layout effect has run; React may run a subtree's
// passive effects while it keeps the subtree hidden behind a Suspense fallback, and not
// again when it shows (our reading of both libraries, not traced in the browser). The
// kiosk met the lost redirect on loaded machines: after Sign Out and Back,
// /island/interface stayed blank under its header, the guard rendered, the address
// unchanged (decision 91). Redirect starts in a layout effect, which React runs whenever
// the subtree is on screen (again), and navigates right after the commit: a router
// mounted in the same commit listens by then (its layout effect runs after its children's).
import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router';

/** Replaces the address with `to` once shown (a guard's way out). */
export function Redirect({ to }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }));
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return null;
}
