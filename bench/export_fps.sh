#!/usr/bin/env bash
# The export pipeline's frame rate at 1920×1080 against ffmpeg alone encoding the same frames with the same
# x264 preset, in one run on this machine.
#   bench/export_fps.sh [IMAGER] [PRESET] [SECONDS] [CHORDSET]   (defaults: .build/release/imager veryfast 3 1)
set -euo pipefail
imager=${1:-.build/release/imager}
preset=${2:-veryfast}
length=${3:-3}
chordset=${4:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$imager" demo --chordset "$chordset" --seconds "$length" --record "$work/log.json" --record-only
frames=$(( length * 60 + 1 ))
now() { date +%s.%N; }

start=$(now)
"$imager" render performance "$work/log.json" --size 1920x1080 --fps 60 --tail 0 --preset "$preset" -o "$work/ours.mp4"
ours=$(awk -v a="$(now)" -v b="$start" 'BEGIN { print a - b }')

# The same frames, decoded once to raw RGBA — the frames as drawn — and to raw Y'CbCr 4:2:0 — as we now
# send them — (kept in the page cache), encoded by ffmpeg alone.
ffmpeg -hide_banner -loglevel error -i "$work/ours.mp4" -f rawvideo -pix_fmt rgba "$work/frames.rgba"
ffmpeg -hide_banner -loglevel error -i "$work/ours.mp4" -f rawvideo -pix_fmt yuv420p "$work/frames.yuv"
alone() {
  local start
  start=$(now)
  ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt "$1" -s 1920x1080 -r 60 -i "$2" \
    -c:v libx264 -preset "$preset" -pix_fmt yuv420p "$work/alone.mp4"
  awk -v a="$(now)" -v b="$start" 'BEGIN { print a - b }'
}
rgba=$(alone rgba "$work/frames.rgba")
yuv=$(alone yuv420p "$work/frames.yuv")

printf 'chordset %s, preset %s, %d frames at 1920x1080\n' "$chordset" "$preset" "$frames"
awk -v f="$frames" -v o="$ours" -v a="$rgba" -v y="$yuv" 'BEGIN {
  printf "imager render performance:  %6.1f frames/s\n", f / o
  printf "ffmpeg alone, RGBA frames:  %6.1f frames/s   ratio %.2f\n", f / a, a / o
  printf "ffmpeg alone, 4:2:0 frames: %6.1f frames/s   ratio %.2f\n", f / y, y / o
}'
