// `@plantdoc/kit/ui`: see src/ui.js.
export * from './src/ui';
