// The four antd icons the plain sign-in form shows, drawn as antd draws them (1em,
// currentColor), without loading the icon package.
import { ICON_PATHS, viewBoxOf } from './iconPaths';

/** name: eye | eye-invisible | loading | close-circle (its aria-label, as antd's). */
export function PlainIcon({ name, spin = false }) {
  return (
    <span role="img" aria-label={name} className={`pd-icon${spin ? ' pd-icon-spin' : ''}`}>
      <svg viewBox={viewBoxOf(name)} focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {ICON_PATHS[name].map((d) => (
          <path key={d.slice(0, 12)} d={d} />
        ))}
      </svg>
    </span>
  );
}
