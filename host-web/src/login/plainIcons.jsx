// The four antd icons the plain sign-in form shows, drawn as antd draws them (1em,
// currentColor), without loading the icon package. Each sits beside a text or in a named
// control (the toggle's Show/Hide): hidden from screen readers, as the kit's icons
// (antd's own would read out their English names, 'eye-invisible').
import { ICON_PATHS, viewBoxOf } from './iconPaths';

/** name: eye | eye-invisible | loading | close-circle. */
export function PlainIcon({ name, spin = false }) {
  return (
    <span aria-hidden="true" className={`pd-icon${spin ? ' pd-icon-spin' : ''}`}>
      <svg viewBox={viewBoxOf(name)} focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {ICON_PATHS[name].map((d) => (
          <path key={d.slice(0, 12)} d={d} />
        ))}
      </svg>
    </span>
  );
}
