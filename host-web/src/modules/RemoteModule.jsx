// Mounts one module's remote under its route. Suspense shows a spinner while the remote
// downloads; the error boundary keeps a failed or broken remote inside its own page, so
// the sidebar and the other modules keep working.
import { Component, Suspense, lazy, useMemo } from 'react';
import { Button } from 'antd';
import { Route, Routes } from 'react-router';
import { useLanguage, useT } from '@plantdoc/kit/core';
import { useModules } from './ModulesContext';
import { NotFound } from '../pages/NotFound';
import { moduleSpinner } from '../Spinner';
import { LazyResult } from '../lazyParts';
import { moduleName } from './names';

/** A module that failed: its name in the page's language, the error, and Reload. */
function ModuleFailed({ module, error }) {
  const t = useT('host');
  const name = moduleName(module, useLanguage());
  return (
    <LazyResult
      status="error"
      title={t('The {{name}} module could not be loaded.', { name })}
      subTitle={String(error?.message || error)}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('Reload')}
        </Button>
      }
    />
  );
}

class ModuleErrorBoundary extends Component {
  constructor(props) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidCatch(error) {
    console.error(`module ${this.props.module.name || this.props.module.id} failed`, error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <ModuleFailed module={this.props.module} error={this.state.error} />;
  }
}

/** A module's routes, relative to where the host mounts it. '' is the module's index. */
export function ModuleRoutes({ mod }) {
  return (
    <Routes>
      {mod.routes.map((r) =>
        r.path === '' || r.path === '/' ? (
          <Route key="index" index element={r.element} />
        ) : (
          <Route key={r.path} path={r.path.replace(/^\//, '')} element={r.element} />
        ),
      )}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function RemoteModule({ module }) {
  const { loader } = useModules();
  const Loaded = useMemo(
    () =>
      lazy(() =>
        loader.load(module).then((mod) => ({
          default: function LoadedModule() {
            return <ModuleRoutes mod={mod} />;
          },
        })),
      ),
    [loader, module],
  );
  return (
    <ModuleErrorBoundary key={module.id} module={module}>
      <Suspense fallback={moduleSpinner}>
        <Loaded />
      </Suspense>
    </ModuleErrorBoundary>
  );
}
