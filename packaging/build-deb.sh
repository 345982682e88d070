#!/usr/bin/env bash
# Builds the Debian package a performer installs without a Swift toolchain (docs/install.md):
#   packaging/build-deb.sh [SCRATCH [DIST]]   →   DIST/imager_VERSION_ARCH.deb
# The `imager` binary with the Swift runtime linked in (--static-swift-stdlib), the web client beside it, manual
# pages and shell completions made from the commands' own help, the systemd units, the guides and a copyright
# file. Depends: is what dpkg-shlibdeps finds the binary loading; nothing in the package names this machine's paths.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-package}
dist=${2:-dist}
swift=${SWIFT:-swift}
say() { printf '%s\n' "package: $*" >&2; }

# Each resolved Swift package's license, as Debian asks: the Apache License 2.0 by reference to the copy every
# Debian system has (with the Runtime Library Exception some add, and the package's NOTICE), any other in full.
swift_package_licenses() {
    printf '\nThe Swift packages the build resolved, each with its license:\n'
    for checkout in "$1"/*/; do
        license=$(find "$checkout" -maxdepth 1 -type f -iregex '.*/\(license\|licence\|copying\)\(\.txt\|\.md\)?' | head -1)
        printf '\n-- %s --\n\n' "$(basename "$checkout")"
        if [ -z "$license" ]; then
            echo "(the package has no license file)"
        elif grep -q "Apache License" "$license" && grep -q "Version 2.0" "$license"; then
            echo "Apache License 2.0: /usr/share/common-licenses/Apache-2.0"
            sed -n '/Runtime Library Exception/,$p' "$license"
            if [ -f "$checkout/NOTICE.txt" ]; then printf '\nIts NOTICE:\n\n'; cat "$checkout/NOTICE.txt"; fi
        else
            cat "$license"
        fi
    done
}

maintainer="Image Performer <developers@image-performer.invalid>"

# The binary, with the Swift runtime linked in. The manifest is read anew (--manifest-cache none): it hands the build
# the commit, which a cached reading would not know.
build_binary() {
    say "building imager (release, Swift runtime linked statically) in $scratch"
    "$swift" build -c release --product imager --static-swift-stdlib --scratch-path "$scratch" --manifest-cache none
    binary="$scratch/release/imager"
    if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime' >&2; then
        say "error: the binary still loads a Swift library (above)"; exit 1
    fi
    say "building generate-manual (swift-argument-parser's tool: manual pages from the commands' help)"
    "$swift" build --package-path "$scratch/checkouts/swift-argument-parser" --scratch-path "$scratch/generate-manual" \
        --product generate-manual
    generate_manual="$scratch/generate-manual/debug/generate-manual"
}

# The binary, stripped of what only a debugger reads, and the web client where it looks (../share/imager/web).
lay_out_binary_and_client() {
    install -D -m 0755 "$binary" "$root/usr/bin/imager"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/imager"
    mkdir -p "$root/usr/share/imager"
    cp -R Sources/WebClient/Web "$root/usr/share/imager/web"
}

# Manual pages: imager(1), the whole command, and one for each subcommand (imager-serve(1), imager-render-frame(1) …).
# generate-manual reads the commands' help from `imager --experimental-dump-help` and drops every character that
# is not ASCII (1…65535 would read 165535), so it reads it through iconv's transliteration (… as ..., “ ” as ").
# A subcommand's page is named as Debian names them (imager-render-frame.1, not imager.render.frame.1), its title to
# match, NAME saying the page's name (as whatis wants it) and SYNOPSIS the command as it is typed; a paragraph
# break where the help has an empty line.
lay_out_manual() {
    local pages="$work/man" name
    mkdir -p "$pages/whole" "$pages/each" "$root/usr/share/man/man1"
    printf '#!/bin/sh\n"%s" "$@" | sed "s/′/'"'"'/g" | LC_ALL=C.UTF-8 iconv -f UTF-8 -t ASCII//TRANSLIT\n' \
        "$(realpath "$binary")" > "$work/imager-ascii"
    chmod +x "$work/imager-ascii"
    local manual=("$generate_manual" "$work/imager-ascii" --date "$built_day" --section 1 --authors "Image Performer's developers")
    "${manual[@]}" -o "$pages/whole"
    "${manual[@]}" --multi-page -o "$pages/each"
    for page in "$pages"/each/imager.*.1; do
        name=$(basename "$page" .1)
        sed -e 's/^$/.Pp/' -e '/^\.Dt /{s/^\.Dt //;s/\./-/g;s/^/.Dt /}' \
            -e "/^\.Sh NAME/,/^\.Sh/{s/^\.Nm \".*\"\$/.Nm ${name//./-}/}" \
            -e "/^\.Sh SYNOPSIS/{n;s/^\.Nm\$/.Nm \"${name//./ }\"/}" "$page" \
            > "$root/usr/share/man/man1/${name//./-}.1"
    done
    sed -e 's/^$/.Pp/' "$pages/whole/imager.1" > "$root/usr/share/man/man1/imager.1"
    gzip -9n "$root"/usr/share/man/man1/*.1
}

# Shell completions where each shell looks for a package's (bash's is sourced, not run: no #! line), and the show
# machine's services, installed, not enabled (docs/install.md).
lay_out_completions_and_units() {
    install -D -m 0644 <("$binary" --generate-completion-script bash | sed '1{/^#!/d}') "$root/usr/share/bash-completion/completions/imager"
    install -D -m 0644 <("$binary" --generate-completion-script zsh) "$root/usr/share/zsh/vendor-completions/_imager"
    install -D -m 0644 <("$binary" --generate-completion-script fish) "$root/usr/share/fish/vendor_completions.d/imager.fish"
    install -D -m 0644 packaging/imager.service "$root/usr/lib/systemd/system/imager.service"
    install -D -m 0644 packaging/imager-user.service "$root/usr/lib/systemd/user/imager.service"
}

# The README and the guides, the copyright (ours, then every Swift package's) and a changelog naming the commit.
lay_out_documents() {
    local doc="$root/usr/share/doc/imager"
    mkdir -p "$doc"
    cp README.md "$doc/README.md"
    cp -R docs "$doc/docs"
    swift_package_licenses "$scratch/checkouts" | cat packaging/copyright - > "$doc/copyright"
    {
        printf 'imager (%s) unstable; urgency=medium\n\n' "$version"
        printf '  * Built from commit %s.\n\n' "$commit"
        printf ' -- %s  %s\n' "$maintainer" "$built"
    } | gzip -9n > "$doc/changelog.gz"
}

# The control file — Depends: what the binary loads, by the packages that hold it (dpkg-shlibdeps) — and md5sums.
write_control() {
    mkdir -p "$work/shlibs/debian" "$root/DEBIAN"
    printf 'Source: imager\n\nPackage: imager\nArchitecture: any\n' > "$work/shlibs/debian/control"
    local depends installed_size
    depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O --warnings=0 "$root/usr/bin/imager" | sed -n 's/^shlibs:Depends=//p')
    [ -n "$depends" ] || { say "error: dpkg-shlibdeps found no library the binary loads"; exit 1; }
    installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
    cat > "$root/DEBIAN/control" <<CONTROL
Package: imager
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: ffmpeg, qlcplus-data
Suggests: chromium
Section: video
Priority: optional
Description: instrument for performing light, and a lab for composing it with sound
 Image Performer is played like a musical instrument, but with light: lumis —
 forms with colours, moving along paths, each feature driven by its own
 oscillator — gathered into chords and played from pads, the keyboard, MIDI
 or OSC, from a browser console on a laptop or a tablet. Its canvas shows full
 screen in any browser, mapped onto what is there by stage outputs; it follows
 a band's sound and Ableton Link's tempo, drives DMX fixtures over Art-Net and
 sACN, records a whole set and renders it to video.
 .
 imager serve starts the instrument; a systemd unit (not enabled) starts it
 with the machine for a permanent installation.
CONTROL
    (cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) > "$root/DEBIAN/md5sums"
    chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
}

build_binary
version=$("$binary" --version)
arch=$(dpkg --print-architecture)
if commit=$(git rev-parse HEAD 2>/dev/null); then
    built=$(git log -1 --format=%cD); built_day=$(git log -1 --format=%cs)
else
    commit="unknown"; built=$(date -R); built_day=$(date +%F)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/imager_${version}_${arch}"
say "laying out $root"
lay_out_binary_and_client
lay_out_manual
lay_out_completions_and_units
lay_out_documents
# Plain permissions on everything but the binary.
find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f ! -path "$root/usr/bin/imager" -exec chmod 0644 {} +
write_control

mkdir -p "$dist"
deb="$dist/imager_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
say "built $deb ($(du -h "$deb" | cut -f1))"
echo "$deb"
