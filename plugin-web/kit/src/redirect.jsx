// A guard's redirect that is not lost (issue 33 item 9, decision 91). react-router's
// <Navigate> navigates from a passive effect and was lost on loaded machines (the kiosk
// left blank at /island/interface after Sign Out and Back). Redirect starts from a layout
// effect, run whenever the subtree is on screen, and navigates right after the commit,
// when a router mounted in the same commit listens (test/redirect.test.jsx).
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
