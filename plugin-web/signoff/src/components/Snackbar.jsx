// The success snackbar: bottom centre, hides itself after 6000 ms (spec section 9). It
// lives on the page, so it stays up while the review moves to the next item.
import { useEffect } from 'react';
import { SNACKBAR_MS } from '../lib';

export function Snackbar({ message, onClose }) {
  useEffect(() => {
    if (!message) return undefined;
    const t = setTimeout(onClose, SNACKBAR_MS);
    return () => clearTimeout(t);
  }, [message, onClose]);
  if (!message) return null;
  return (
    <div
      role="status"
      data-testid="snackbar"
      style={{
        position: 'fixed',
        bottom: 24,
        left: '50%',
        transform: 'translateX(-50%)',
        background: '#135200',
        color: '#fff',
        padding: '10px 20px',
        borderRadius: 6,
        zIndex: 1100,
        boxShadow: '0 3px 6px rgba(0,0,0,.2)',
      }}
    >
      {message.text}
    </div>
  );
}
