#!/usr/bin/env bash
# The export pipeline's frame rate at 1920×1080 against ffmpeg alone encoding the same frames with the same
# x264 preset, on this machine: ours and ffmpeg alone run in turn, ROUNDS times, so that a change in the
# machine's speed touches both alike; the medians and the ratio of the medians are reported.
#   bench/export_fps.sh [IMAGER] [PRESET] [SECONDS] [CHORDSET] [ROUNDS]
#   (defaults: .build/release/imager veryfast 3 1 3)
set -euo pipefail
imager=${1:-.build/release/imager}
preset=${2:-veryfast}
length=${3:-3}
chordset=${4:-1}
rounds=${5:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$imager" demo --chordset "$chordset" --seconds "$length" --record "$work/log.json" --record-only
frames=$(( length * 60 + 1 ))
now() { date +%s.%N; }
seconds() {
  local start
  start=$(now)
  "$@"
  awk -v a="$(now)" -v b="$start" 'BEGIN { print a - b }'
}
ours() {
  "$imager" render performance "$work/log.json" --size 1920x1080 --fps 60 --tail 0 --preset "$preset" -o "$work/ours.mp4"
}
# ffmpeg alone, fed raw frames kept in the page cache.
alone() {
  ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt "$1" -s 1920x1080 -r 60 -i "$2" \
    -c:v libx264 -preset "$preset" -pix_fmt yuv420p "$work/alone.mp4"
}
median() { sort -g | awk '{ value[NR] = $1 } END { print (NR % 2) ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2 }'; }

ours  # once to warm up, and for the frames below
# The same frames decoded once to raw RGBA — the frames as drawn — and to raw Y'CbCr 4:2:0 — as we send them.
ffmpeg -hide_banner -loglevel error -i "$work/ours.mp4" -f rawvideo -pix_fmt rgba "$work/frames.rgba"
ffmpeg -hide_banner -loglevel error -i "$work/ours.mp4" -f rawvideo -pix_fmt yuv420p "$work/frames.yuv"
: > "$work/times"
for _ in $(seq "$rounds"); do
  printf '%s %s %s\n' "$(seconds ours)" "$(seconds alone rgba "$work/frames.rgba")" "$(seconds alone yuv420p "$work/frames.yuv")" >> "$work/times"
done
o=$(awk '{ print $1 }' "$work/times" | median)
a=$(awk '{ print $2 }' "$work/times" | median)
y=$(awk '{ print $3 }' "$work/times" | median)

printf 'chordset %s, preset %s, %d frames at 1920x1080, medians of %d rounds\n' "$chordset" "$preset" "$frames" "$rounds"
awk -v f="$frames" -v o="$o" -v a="$a" -v y="$y" 'BEGIN {
  printf "imager render performance:  %6.1f frames/s\n", f / o
  printf "ffmpeg alone, RGBA frames:  %6.1f frames/s   ratio %.2f\n", f / a, a / o
  printf "ffmpeg alone, 4:2:0 frames: %6.1f frames/s   ratio %.2f\n", f / y, y / o
}'
printf 'ratio to RGBA in each round:'
awk '{ printf " %.2f", $2 / $1 } END { print "" }' "$work/times"
