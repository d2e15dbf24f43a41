// The dashboard's fixed texts. Its figures are the plant's own (figures.js, decision 102);
// texts are keys (k), translated where they show.
import { k } from '@plantdoc/kit';

export const ADD_CHART_DISABLED = k('This feature has been temporarily disabled for demonstration purposes.');
export const RELEASE_2_PLACEHOLDER = k('This feature is available in release 2.0.');
