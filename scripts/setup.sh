#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine for puzlogic-bot, and is cheap to re-run:
#   - Debian's tesseract-ocr (digit reading), xvfb (virtual display for play and tests) and
#     chromium (the test that loads the replay report in a headless browser), installed with
#     apt (through sudo when not root) only when missing;
#   - .venv with the package and its dev extras at the versions pinned in constraints.txt,
#     reinstalled only when pyproject.toml or constraints.txt changes.
# Set PUZLOGIC_SKIP_APT=1 to skip the system packages (the parts that need them then skip or
# say what is missing).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

APT_PACKAGES=(tesseract-ocr xvfb chromium)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then
        if [ -t 0 ]; then sudo "$@"; else sudo -n "$@"; fi
    else return 1
    fi
}

apt_install() {
    command -v apt-get >/dev/null 2>&1 || return 1
    say "installing with apt: $*"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

install_system_packages() {
    [ "${PUZLOGIC_SKIP_APT:-0}" = 1 ] && { say "PUZLOGIC_SKIP_APT=1: not checking ${APT_PACKAGES[*]}"; return; }
    local missing=()
    command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
    command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
    if [ ${#missing[@]} -gt 0 ]; then
        apt_install "${missing[@]}" || die "could not install ${missing[*]}.
  Run this yourself, then try again:   sudo apt-get install -y ${missing[*]}
  (not Debian/Ubuntu? install Tesseract OCR and Xvfb with your package manager;
   or set PUZLOGIC_SKIP_APT=1 to go on without them)"
    fi
    # A browser is only for one test (the replay report in headless chromium): worth an
    # install, not worth stopping for. Any Chrome-like browser will do.
    if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1 &&
        ! command -v google-chrome >/dev/null 2>&1; then
        apt_install chromium || say "could not install chromium; the report's browser test will skip (sudo apt-get install -y chromium)"
    fi
}

find_python() {
    local candidate
    for candidate in "${PYTHON:-}" python3 python3.13 python3.12 python3.11; do
        [ -n "$candidate" ] || continue
        command -v "$candidate" >/dev/null 2>&1 || continue
        if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$candidate"; return
        fi
    done
    die "Python 3.11 or newer is needed: sudo apt-get install -y python3 python3-venv (or set PYTHON=/path/to/python3.11)"
}

make_venv() {
    local python=$1
    [ -x .venv/bin/python ] && return
    if ! "$python" -m venv .venv 2>/dev/null; then
        rm -rf .venv
        local version
        version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
        apt_install "python${version}-venv" || die "could not create .venv: run   sudo apt-get install -y python${version}-venv   and try again"
        "$python" -m venv .venv
    fi
}

install_python_packages() {
    local stamp=.venv/.installed
    if [ -f "$stamp" ] && [ "$stamp" -nt pyproject.toml ] && [ "$stamp" -nt constraints.txt ]; then
        return
    fi
    say "installing Python packages into .venv (versions pinned by constraints.txt)"
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true  # old pip still works
    # pip's build chatter (editable-install notices) only matters when it fails. The constraints
    # pin every dependency to the set the suite passed with (a newer z3 gives other levels), and
    # move an already installed package to its pinned version.
    if ! .venv/bin/python -m pip install -q -c constraints.txt -e ".[dev]" >.venv/pip.log 2>&1; then
        tail -n 20 .venv/pip.log >&2
        die "pip could not install the packages (the end of .venv/pip.log is above)"
    fi
    touch "$stamp"
}

install_system_packages
make_venv "$(find_python)"
install_python_packages
