#!/usr/bin/env bash
# Idempotent set-up for `make run` and `make test`: Debian packages, the virtualenv,
# the story files and our own Inform games. Each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_PACKAGES=(frotz inform6-compiler inform6-library chromium npm)
need_apt=()
command -v dfrotz >/dev/null 2>&1 || [ -x /usr/games/dfrotz ] || need_apt+=(frotz)
command -v inform6 >/dev/null 2>&1 || need_apt+=(inform6-compiler)
[ -d /usr/share/inform6/library ] || need_apt+=(inform6-library)
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need_apt[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
stamp=.venv/.requirements.sha256
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: installing requirements.txt into .venv"
  .venv/bin/pip install -q --upgrade pip >/dev/null
  .venv/bin/pip install -q -r requirements.txt
  echo "$want" > "$stamp"
fi

# The page's map layout (elkjs from the npm registry, pinned by the tarball's sha256) is served from
# the page's own assets, so the page works offline; the files are not committed.
ELKJS_VERSION=0.12.1
ELKJS_SHA256=7a017dd56e31e4963ad5c4b9deb3230db5c37edf53a82dc507a8599f2f01122f
vendor=autofrotz/web/static/vendor
if [ "$(cat "$vendor/.elkjs" 2>/dev/null)" != "$ELKJS_SHA256" ]; then
  echo "setup: fetching elkjs $ELKJS_VERSION for the map"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "elkjs@$ELKJS_VERSION" >/dev/null)
  echo "$ELKJS_SHA256  $tmp/elkjs-$ELKJS_VERSION.tgz" | sha256sum -c --quiet
  tar xzf "$tmp/elkjs-$ELKJS_VERSION.tgz" -C "$tmp"
  mkdir -p "$vendor"
  cp "$tmp/package/lib/elk-api.js" "$tmp/package/lib/elk-worker.min.js" "$vendor/"
  cp "$tmp/package/LICENSE.md" "$vendor/elkjs-LICENSE.md"
  echo "$ELKJS_SHA256" > "$vendor/.elkjs"
  rm -rf "$tmp"
fi

if [ -n "${GAMES_FROM:-}" ]; then
  .venv/bin/python -m autofrotz.games install --from "$GAMES_FROM"
else
  .venv/bin/python -m autofrotz.games install || \
    echo "setup: some story files could not be downloaded; tests that need them will be skipped" >&2
fi
.venv/bin/python -m autofrotz.games build
