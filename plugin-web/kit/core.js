// `@plantdoc/kit/core`: see src/core.js.
export * from './src/core';
