// `@plantdoc/kit/icons`: see src/icons.js.
export * from './src/icons';
