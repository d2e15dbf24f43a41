// Async boundary: the federation runtime must set up the shared scope (react, antd, the
// kit...) before any code that imports them runs.
import('./bootstrap');
