#!/usr/bin/env bash
# Installs what building and testing minehint needs on a Debian machine, skipping what is there.
# Sourced by scripts/demo.sh and scripts/test.sh; safe to run again.
set -euo pipefail

# Debian packages the build needs: a C toolchain for linking, pkg-config for -sys crates, the
# libraries xcap (screen capture) builds against on Linux whatever the display server, Xlib-XCB for
# softbuffer (overlay drawing), and the X libraries winit loads at run time for the live overlay.
APT_PACKAGES=(gcc libc6-dev pkg-config libxcb1-dev libegl-dev libgbm-dev libpipewire-0.3-dev
    libclang1-14 libclang-common-14-dev libx11-xcb-dev libxcursor1 libxrandr2 libxi6
    libxkbcommon-x11-0)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The Rust toolchain: cargo 1.85 or newer (rustup's; Debian's own cargo is older).
if ! command -v cargo >/dev/null 2>&1; then
    [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
fi
if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: cargo not found; install Rust 1.85 or newer with rustup (https://rustup.rs)" >&2
    exit 1
fi
version=$(cargo --version | awk '{print $2}')
if [ "$(printf '%s\n1.85.0\n' "$version" | sort -V | head -n1)" != "1.85.0" ]; then
    echo "setup: cargo $version is too old; minehint needs 1.85 or newer (rustup update)" >&2
    exit 1
fi
# clippy and rustfmt for the checks; rustup adds them where they are missing.
for component in clippy rustfmt; do
    if ! cargo "${component/rustfmt/fmt}" --version >/dev/null 2>&1; then
        if command -v rustup >/dev/null 2>&1; then
            rustup component add "$component" || echo "setup: could not add $component" >&2
        fi
    fi
done
