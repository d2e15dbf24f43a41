// The antd screens the shell may show outside an area (a signed-in user on an unknown
// path, the module list failing): each loaded when shown, themed, so the shell and the
// login page do not download antd.
import { Suspense, lazy } from 'react';

/** A component of a module loaded when first shown, in the antd theme (loaded with it). */
export const themedLazy = (load, name) =>
  lazy(() =>
    Promise.all([load(), import('./theme')]).then(([m, { Themed }]) => {
      const Part = m[name];
      return {
        default: (props) => (
          <Themed>
            <Part {...props} />
          </Themed>
        ),
      };
    }),
  );

export const NotFoundLazy = themedLazy(() => import('./pages/NotFound'), 'NotFound');
export const ModuleListError = themedLazy(() => import('./session/ModuleListError'), 'ModuleListError');

// antd's Result (its pictures make it ~8 KB): only error, warning and not-found pages
// show one, so it loads when one does (nothing shown meanwhile).
const ResultLoaded = themedLazy(() => import('antd/es/result'), 'default');
export function LazyResult(props) {
  return (
    <Suspense fallback={null}>
      <ResultLoaded {...props} />
    </Suspense>
  );
}
