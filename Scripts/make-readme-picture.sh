#!/usr/bin/env bash
# Makes Docs/images/ninepatch-vs-chromium.png, the README's picture: Android's real
# btn_default_normal nine-patch (mdpi + xhdpi, from framework-res) stretched to several sizes by
# `ninepipe` (left) and by headless Chromium from the `assets web` CSS (right), at DPR 2.
# Dev-only (needs chromium and a debug build); the Chromium test in WebAssetsBrowserTests checks
# the same agreement with numbers.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ninepipe="$root/.build/debug/ninepipe"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/res/drawable-mdpi" "$work/res/drawable-xhdpi"
cp "$root/Tests/NinepipeCoreTests/Fixtures/framework-res/btn_default_normal.9.png" "$work/res/drawable-mdpi/"
cp "$root/Tests/NinepipeCoreTests/Fixtures/framework-res/drawable-xhdpi/btn_default_normal.9.png" "$work/res/drawable-xhdpi/"
cd "$work"
"$ninepipe" assets web res --output web/ --quiet
rows=""
for size in 200x48 120x64 300x40; do
    w=${size%x*}; h=${size#*x}
    "$ninepipe" run -e "load \"res/drawable-xhdpi/btn_default_normal.9.png\" | ninepatch width=$((w * 2)) height=$((h * 2)) | save \"ours-$size.png\""
    rows+="<tr><td><img src=\"ours-$size.png\" style=\"width:${w}px;height:${h}px\"></td>"
    rows+="<td><div class=\"btn_default_normal\" style=\"width:${w}px;height:${h}px\"></div></td><td class=l>${w}×${h}</td></tr>"
done
cat > page.html <<HTML
<!doctype html><html><head><link rel="stylesheet" href="web/btn_default_normal.css"><style>
body{margin:0;padding:12px;background:#fff;font:13px sans-serif;color:#333} td{padding:6px 18px 6px 0;vertical-align:middle}
th{text-align:left;font-weight:600;padding-bottom:4px} .l{color:#777} img{display:block}</style></head><body>
<table><tr><th>ninepipe ninepatch</th><th>Chromium, assets web CSS</th><th></th></tr>$rows</table></body></html>
HTML
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=2 --window-size=720,235 \
    --screenshot="$root/Docs/images/ninepatch-vs-chromium.png" "file://$work/page.html" >/dev/null 2>&1
echo "wrote Docs/images/ninepatch-vs-chromium.png"
