// SwpCompare as a chunk of its own, loaded when a compare opens (webpack/kit-imports.js
// maps each `export { … } from './File'` of ui.js to a shared module: this is that file).
import { lazy } from 'react';

export const SwpCompare = lazy(() => import('./SwpCompare'));
