#!/bin/sh
# Renders the app icons www/icons/*.png from their SVG sources with headless Chromium (the PNGs
# are committed; run this again after editing icon.svg or icon-maskable.svg).
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
render() { # source.svg output.png size
  printf '<!doctype html><body style="margin:0"><img src="file://%s" width="%s" height="%s" style="display:block">' \
    "$root/www/icons/$1" "$3" "$3" >"$work/wrap.html"
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --hide-scrollbars --default-background-color=00000000 \
    --window-size="$3,$3" --screenshot="$root/www/icons/$2" "file://$work/wrap.html" 2>/dev/null
}
render icon.svg icon-192.png 192
render icon.svg icon-512.png 512
render icon-maskable.svg icon-maskable-512.png 512
