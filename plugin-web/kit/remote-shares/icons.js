// What remotes get for `import { … } from '@ant-design/icons'` (share key
// `@ant-design/icons`): the kit's icon set, one file per icon, never the ~190 KB gzip
// package of all icons. Add an icon to ../src/icons.js. Checked by kit/test/remoteShares.
export * from '../src/icons';
