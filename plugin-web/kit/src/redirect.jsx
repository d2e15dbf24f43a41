// A guard's redirect that is not lost (decisions 91 and 105). react-router's
// <Navigate> navigates from a passive effect and was lost on loaded machines (the kiosk
// left blank at /island/interface after Sign Out and Back). Redirect starts from a layout
// effect, run whenever the subtree is on screen, and navigates right after the commit,
// when a router mounted in the same commit listens (test/redirect.test.jsx).
import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router';

// Still shown a moment after navigating (the address unchanged): the navigation was lost
// (seen again under load in CI after Sign Out and Back, decision 91): navigate again, a
// few times at most, while this guard is on screen.
const AGAIN_MS = 300;
const TRIES = 5;

/** Replaces the address with `to` once shown (a guard's way out). */
export function Redirect({ to }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    let tries = 0;
    let timer;
    const go = () => {
      navigate(to, { replace: true });
      tries += 1;
      if (tries < TRIES) timer = setTimeout(go, AGAIN_MS);
    };
    timer = setTimeout(go);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return null;
}
