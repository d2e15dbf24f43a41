#!/usr/bin/env bash
# `make new-module ID=<id> [NAME="Display name"] [RELEASE=<release>]`: a new module from
# plugins/_template/module — the crate plugins/<id> and the web remote plugin-web/<id> — plus the
# two lines outside them: its dependency in core/app/Cargo.toml and its id in the
# release's list (config/releases/<release>.toml; default: the newest release). Its
# migration range is the next free thousand from 10000 (9000s: the dynamic example).
# Cargo.lock and package-lock.json are brought up to date by cargo and npm.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
id=${1:-}
if [[ ! $id =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ ]]; then
  echo "usage: make new-module ID=<id> (lower-case letters, digits and '-', e.g. ID=recalls)" >&2
  exit 2
fi
if [[ -e plugins/$id || -e plugin-web/$id || $id == kit ]]; then
  echo "new-module: plugins/$id or plugin-web/$id exists already" >&2
  exit 2
fi
crate=${id//-/_}
# Its tests become `mod <crate>` of the API test binary, beside the core's.
if [[ -e core/app/tests/api/$crate.rs || -e core/app/tests/api/$crate ]]; then
  echo "new-module: '$id' is taken by the core's tests (core/app/tests/api/$crate)" >&2
  exit 2
fi
type=$(sed -E 's/(^|-)([a-z])/\U\2/g' <<<"$id")
name=${2:-$(sed -E 's/^(.)/\U\1/; s/-/ /g' <<<"$id")}
[[ $name =~ ^[A-Za-z0-9\ ]+$ ]] || { echo "new-module: NAME: letters, digits and spaces" >&2; exit 2; }
release=${3:-$(ls config/releases/*.toml | xargs -n1 basename | sed 's/\.toml$//' | sort -V | tail -1)}
[[ -f config/releases/$release.toml ]] || { echo "new-module: no config/releases/$release.toml" >&2; exit 2; }
# The next free thousand at or above 10000, after every manifest's range.
lo=$(node -e '
  const fs = require("fs");
  let hi = 9999;
  for (const d of fs.readdirSync("plugins")) {
    const f = `plugins/${d}/module.json`;
    if (fs.existsSync(f)) hi = Math.max(hi, (JSON.parse(fs.readFileSync(f, "utf8")).migrations || [0, 0])[1]);
  }
  console.log(Math.ceil((hi + 1) / 1000) * 1000);')
hi=$((lo + 999))

# Copies a template folder, filling in the names (in file names too).
fill() {
  local from=$1 to=$2 f rel dest
  while IFS= read -r -d '' f; do
    rel=${f#"$from"/}
    dest="$to/$(sed -e "s/{{lo}}/$lo/g; s/{{crate}}/$crate/g" <<<"$rel")"
    mkdir -p "$(dirname "$dest")"
    sed -e "s/{{id}}/$id/g; s/{{ID}}/${crate^^}/g; s/{{crate}}/$crate/g; s/{{Type}}/$type/g" \
        -e "s/{{Name}}/$name/g; s/{{release}}/$release/g; s/{{lo}}/$lo/g; s/{{hi}}/$hi/g" "$f" >"$dest"
  done < <(find "$from" -type f -print0)
}
fill plugins/_template/module/plugin "plugins/$id"
fill plugins/_template/module/web "plugin-web/$id"
# Its Rust at the tree's rustfmt settings (line breaks depend on the names filled in).
find "plugins/$id" -name '*.rs' -print0 | xargs -0 rustfmt --edition 2021 --config-path rustfmt.toml

# The one line in core/app/Cargo.toml, after the other modules.
node -e '
  const fs = require("fs"); const [id] = process.argv.slice(1);
  const f = "core/app/Cargo.toml"; const lines = fs.readFileSync(f, "utf8").split("\n");
  const last = lines.map((l, i) => (/^plantdoc-[a-z0-9-]+ = \{ path = "\.\.\/\.\.\/plugins\//.test(l) ? i : -1)).filter((i) => i >= 0).pop();
  lines.splice(last + 1, 0, `plantdoc-${id} = { path = "../../plugins/${id}" }`);
  fs.writeFileSync(f, lines.join("\n"));' "$id"
# Its id at the end of the release's list.
node -e '
  const fs = require("fs"); const [id, f] = process.argv.slice(1);
  const text = fs.readFileSync(f, "utf8");
  const out = text.replace(/^(modules\s*=\s*\[[^\]]*?)(\s*)\]/m, (all, list, space) => `${list}${/\[\s*$/.test(list) ? "" : ", "}"${id}"${space}]`);
  if (out === text) { console.error(`new-module: no modules = [...] list in ${f}`); process.exit(2); }
  fs.writeFileSync(f, out);' "$id" "config/releases/$release.toml"

# The lock files follow (npm ci refuses a workspace its lock file does not list).
npm install --package-lock-only --no-audit --no-fund --offline >/dev/null 2>&1 ||
  npm install --package-lock-only --no-audit --no-fund >/dev/null
echo "new module '$id': plugins/$id, plugin-web/$id (release $release, migrations $lo-$hi)."
echo "Build and test: cargo test -p plantdoc --test api -- $crate:: ; web: npm run build -w plugin-web/$id"
