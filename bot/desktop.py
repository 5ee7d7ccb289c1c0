"""The desktop `play` works on: refuse a Wayland session in one line, list the monitors.

pynput moves the pointer through X11's XTest and mss grabs through X11 too. A Wayland session
lets no program watch or move another's screen or pointer, so there the bot would see black
frames and its drags would go nowhere. Under XWayland (an X11 server inside the Wayland
session) both work on the windows that run under it, so a browser started as an X11 client is
playable: the user says so with --xwayland.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TextIO

WAYLAND_FIX = (
    "log in to an X11 session instead (GNOME: 'GNOME on Xorg' from the gear at the login "
    "screen; KDE: 'Plasma (X11)'), or run the game's browser under XWayland "
    "(MOZ_ENABLE_WAYLAND=0 firefox, or chromium --ozone-platform=x11) and add --xwayland")


def wayland_refusal(environ: Mapping[str, str]) -> str | None:
    """The one line that refuses a Wayland session, or None where X11 is the desktop."""
    wayland = (environ.get("XDG_SESSION_TYPE", "").lower() == "wayland"
               or bool(environ.get("WAYLAND_DISPLAY")))
    if not wayland:
        return None
    if not environ.get("DISPLAY"):
        return ("this is a Wayland session with no X11 display (XWayland): the bot cannot see "
                "the screen or move the pointer here; log in to an X11 session instead "
                "(GNOME: 'GNOME on Xorg' from the gear at the login screen)")
    return ("this is a Wayland session, where the bot cannot see the screen or move the "
            f"pointer of a Wayland window: {WAYLAND_FIX}")


def print_monitors(out: TextIO) -> None:
    """`play --list-monitors`: each monitor's number, place and size in pointer coordinates,
    and its capture size when the desktop is scaled. CaptureError when there is no display."""
    from vision.capture import list_monitors  # mss: only when asked

    print("monitors (place and size in pointer coordinates, as --monitor N takes them):",
          file=out)
    for monitor in list_monitors():
        print(f"  {monitor.describe()}", file=out)
