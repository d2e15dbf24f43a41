// boot.js's entry (webpack.config.js, `bootConfig`).
import { boot } from './boot';

boot();
