#!/usr/bin/env bash
# The Windows build of minehint, made here and run under Wine, so the tests can compare it with
# the Linux build (tests/windows_wine.rs). Sourced by scripts/test.sh; run alone it builds
# target/x86_64-pc-windows-gnu/release/minehint.exe.
#
# windows_install: the Rust target, MinGW-w64's linker (Debian gcc-mingw-w64-x86-64), and Wine
#                  (Debian wine64), each only when missing.
# windows_build:   cross-builds the exe and exports MINEHINT_WINDOWS_EXE, MINEHINT_WINE and a
#                  WINEPREFIX of its own under target/, created once. MINEHINT_WINDOWS_PROFILE
#                  picks the cargo profile: release (the default, the exe players get) or dev
#                  (CI: the tests compare behaviour, and the Linux side is the dev build too;
#                  release's link-time optimisation over every crate is the longest build step).
# Either says what failed and returns non-zero; the tests then say they were skipped, unless
# MINEHINT_REQUIRE_WINDOWS is set (CI), which turns the skip into a failure.

WINDOWS_TARGET=x86_64-pc-windows-gnu
WINE_LOADER=/usr/lib/wine/wine64

windows_install() {
    if command -v rustup >/dev/null 2>&1; then
        rustup target list --installed | grep -qx "$WINDOWS_TARGET" ||
            rustup target add "$WINDOWS_TARGET" || {
            echo "windows: cannot add the Rust target $WINDOWS_TARGET" >&2
            return 1
        }
    elif ! rustc --print target-libdir --target "$WINDOWS_TARGET" >/dev/null 2>&1; then
        echo "windows: no rustup to add the Rust target $WINDOWS_TARGET" >&2
        return 1
    fi
    local missing=()
    command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || missing+=(gcc-mingw-w64-x86-64)
    [ -x "$WINE_LOADER" ] || missing+=(wine64)
    if ((${#missing[@]})); then
        echo "windows: installing ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
                "${missing[@]}" || {
            echo "windows: cannot install ${missing[*]}" >&2
            return 1
        }
    fi
}

windows_build() {
    windows_install || return 1
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    local profile=${MINEHINT_WINDOWS_PROFILE:-release} folder
    case $profile in
        release) folder=release ;;
        dev) folder=debug ;;
        *)
            echo "windows: MINEHINT_WINDOWS_PROFILE is $profile; it must be release or dev" >&2
            return 1
            ;;
    esac
    echo "windows: building minehint.exe for $WINDOWS_TARGET ($profile profile)" >&2
    (cd "$root" && cargo build --locked --profile "$profile" --target "$WINDOWS_TARGET") || {
        echo "windows: the cross-build failed" >&2
        return 1
    }
    export MINEHINT_WINDOWS_EXE="$root/target/$WINDOWS_TARGET/$folder/minehint.exe"
    export MINEHINT_WINE="$WINE_LOADER"
    export WINEPREFIX="$root/target/wineprefix"
    export WINEDEBUG=-all
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
        echo "windows: creating the Wine prefix $WINEPREFIX" >&2
        # No display needed for the prefix; a bounded wait, as wineboot can hang on a bad setup.
        DISPLAY= timeout 300 "$WINE_LOADER" wineboot -i >/dev/null 2>&1 || {
            echo "windows: wineboot failed to create $WINEPREFIX" >&2
            return 1
        }
        # wineboot returns before its server has written the prefix out.
        timeout 60 /usr/lib/wine/wineserver64 -w || true
    fi
    # Rust's standard library needs bcryptprimitives.dll, which Wine 8 lacks: a stand-in in
    # this prefix only (scripts/wine/bcryptprimitives.c says why and how).
    local shim="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
    if [ ! -f "$shim" ] || [ "$root/scripts/wine/bcryptprimitives.c" -nt "$shim" ]; then
        x86_64-w64-mingw32-gcc -shared -O2 -o "$shim" \
            "$root/scripts/wine/bcryptprimitives.c" -ladvapi32 || {
            echo "windows: cannot build the bcryptprimitives.dll stand-in" >&2
            return 1
        }
    fi
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -euo pipefail
    windows_build
    echo "windows: $MINEHINT_WINDOWS_EXE" >&2
fi
