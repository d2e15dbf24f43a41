// Spec section 4: the colours of the status cards and which of them are in error.
import { k } from '@plantdoc/kit';

// Keys (k): shown through t('island') where the card is drawn.
export const TRAINING_TEXT = {
  '-1': k('Not trained, see the Cell Leader'),
  0: k('Currently being trained'),
  1: k('Trained to run with assistance'),
  2: k('Trained to run at proper rate'),
  3: k('Passed 50% certification milestone'),
  4: k('Fully certified'),
  5: k('Training checks temporarily disabled'),
};

/** What every screen says, and stops on, when the alerts in force could not be loaded. */
export const ALERTS_FAILED = k('Alerts could not be loaded — see the team lead');

/** 'error' (red), 'warning' (yellow) or 'success' (green). */
export function trainingColour(level) {
  if (level <= 0) return 'error';
  if (level === 4) return 'success';
  return 'warning';
}

/** The three statuses from the server's inputs; alerts count as read when none are found
 *  (the caller passes alertsRead false when they could not be loaded). */
export function statuses({ trainingLevel, swpRead, alertsRead = true }) {
  const level = Number.isInteger(trainingLevel) ? trainingLevel : -1;
  return {
    level,
    training: trainingColour(level),
    alerts: alertsRead ? 'success' : 'error',
    instructions: swpRead ? 'success' : 'error',
  };
}

// Dark shades: at least 4.5:1 on white (axe color-contrast).
export const COLOURS = { success: '#135200', warning: '#874d00', error: '#820014' };
