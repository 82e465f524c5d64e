#!/usr/bin/env python3
"""The live soak's driver (scripts/soak_live.sh starts the display and calls this).

Runs `minehint live` on a display with no game for a while (it must wait at low CPU), then plays
real games (xdemineur and xbomb) by clicking the tiles its advice names at about one click a
second, the way a player would: through the overlay, which must let every click reach the game.
Every EVENT_EVERY seconds something happens to the game, in turn: a new game of another size, the
window moved, the window resized, the window minimised and restored, the game closed and started
again; the compositor is stopped once and started again one event later.

It checks, and says in its summary:
- each click took effect (the clicked tile reads as opened or flagged in a later log line; a click
  after which live's reading changed but still shows that tile covered, or after which the game
  changed the tile's pixels while live's reading stayed as it was, is counted apart: the reading
  giving up a tile it cannot read surely; a click on a tile the game shows open already changes
  nothing and is counted there too);
- no tile called safe was a mine; every board read is consistent;
- after each event live reads the board again, and how long that took;
- live's resident memory and CPU every few seconds (a CSV), flat after the first minutes;
- live's own figures (frames read and skipped, latency median and p99), every re-find and why
  (its log notes), and that it never exited early or panicked.
Exits 1 when any check fails.
"""

import argparse
import csv
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

# The games played, in turn: how to start each (a scripts/real_games.sh call) and its mine total.
GAMES = [
    ("xdemineur 12x10", "rg_xdemineur 12 10 15", 15),
    ("xbomb 8x8", "rg_xbomb 1", 10),
    ("xdemineur 20x14", "rg_xdemineur 20 14 40", 40),
    ("xbomb 16x16", "rg_xbomb 2", 40),
    ("xdemineur 30x16", "rg_xdemineur 30 16 99", 99),
]
EVENTS = ["new game", "move", "resize", "minimise", "restart"]
# How long live has to read the board again after an event, and to show a click took effect.
REFIND_LIMIT = 15.0
CLICK_LIMIT = 4.0
# What live's notes say, by kind of re-find (its stderr, RUST_LOG=minehint=info).
NOTE_KINDS = [
    ("found the game", re.compile(r"following ")),
    ("window closed", re.compile(r"the game window closed")),
    ("board out of sight", re.compile(r"the board is out of sight")),
    ("relocated: window resized", re.compile(r"again: the window was resized")),
    ("relocated: frame does not read", re.compile(r"again: the frame does not read")),
    ("relocated: no possible game", re.compile(r"again: the frame shows no possible game")),
    ("new board size", re.compile(r"the board in .* is now")),
    ("compositor stopped", re.compile(r"compositing manager stopped")),
    ("compositor back", re.compile(r"compositing manager runs again")),
    ("impossible board shown", re.compile(r"cannot be right")),
    ("waiting", re.compile(r"waiting for a Minesweeper game")),
]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def say(message):
    print(f"soak: {message}", flush=True)


class Desk:
    """The display: runs xdotool and the project's game starters, and owns the compositor."""

    def __init__(self, root):
        self.root = root
        self.compositor = None
        self.game_pid = None
        self.window = None

    def sh(self, script, check=True):
        done = subprocess.run(
            ["bash", "-c", f"source scripts/real_games.sh\n{script}"],
            cwd=self.root,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"{script!r} failed: {done.stderr.strip()}")
        return done.stdout

    def xdotool(self, *args):
        return subprocess.run(
            ["xdotool", *map(str, args)], capture_output=True, text=True, timeout=20
        ).stdout

    def start_compositor(self):
        log = open(Path(os.environ["RG_DIR"]) / "xcompmgr.log", "a")
        self.compositor = subprocess.Popen(["xcompmgr"], stdout=log, stderr=log)
        time.sleep(1)

    def stop_compositor(self):
        self.compositor.terminate()
        self.compositor.wait(10)
        self.compositor = None

    def start_game(self, start):
        # Starting X programs is flaky by nature: three tries.
        for attempt in range(3):
            try:
                out = self.sh(f"{start}\necho pid $RG_GAME_PID").split()
                self.window, self.game_pid = out[0], int(out[-1])
                return
            except (RuntimeError, IndexError, ValueError) as err:
                say(f"starting {start} failed (try {attempt + 1} of 3): {err}")
                self.stop_game()
                time.sleep(1)
        raise RuntimeError(f"cannot start {start}")

    def stop_game(self):
        if self.game_pid:
            try:
                os.killpg(self.game_pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        self.game_pid = None
        self.window = None
        time.sleep(0.3)

    def geometry(self):
        out = self.xdotool("getwindowgeometry", "--shell", self.window)
        values = dict(line.split("=", 1) for line in out.split() if "=" in line)
        return {k: int(v) for k, v in values.items() if k in ("X", "Y", "WIDTH", "HEIGHT")}

    def viewable(self):
        out = subprocess.run(["xwininfo", "-id", self.window], capture_output=True, text=True,
                             errors="replace")
        return "IsViewable" in out.stdout

    def restore(self):
        """Brings a minimised window back (the window manager maps it again)."""
        for _ in range(3):
            self.xdotool("windowactivate", "--sync", self.window)
            if self.viewable():
                return
            self.xdotool("windowmap", "--sync", self.window)
            if self.viewable():
                return
            time.sleep(0.5)

    def pixels(self, x, y, width, height):
        """The screen's pixels in that rectangle (as the X server has them, overlay included)."""
        out = subprocess.run(
            ["import", "-window", "root", "-crop", f"{width}x{height}+{x}+{y}", "rgb:-"],
            capture_output=True, timeout=30,
        )
        return out.stdout

    def describe(self):
        out = subprocess.run(["xwininfo", "-id", self.window], capture_output=True, text=True,
                             errors="replace")
        keep = ("Absolute", "Width", "Height", "Map State")
        return "; ".join(l.strip() for l in out.stdout.splitlines() if l.strip().startswith(keep))

    def click(self, x, y, button):
        self.xdotool("mousemove", x, y, "click", button, "mousemove", 5, 5)


class Log:
    """Follows live's --log-json file."""

    def __init__(self, path):
        self.path = path
        self.lines = []
        self.offset = 0
        self.partial = ""

    def poll(self):
        if not self.path.exists():
            return self.lines
        with open(self.path) as f:
            f.seek(self.offset)
            chunk = f.read()
            self.offset = f.tell()
        text = self.partial + chunk
        *complete, self.partial = text.split("\n")
        self.lines.extend(json.loads(line) for line in complete if line)
        return self.lines

    def wait_for(self, after, test, limit):
        """The first line past index `after` that passes `test`, waiting up to `limit` s."""
        deadline = time.monotonic() + limit
        seen = after
        while time.monotonic() < deadline:
            lines = self.poll()
            for line in lines[seen:]:
                if test(line):
                    return line
            seen = len(lines)
            time.sleep(0.05)
        return None


def inside_window(g, line):
    """Whether the board of a log line lies inside the window geometry `g`."""
    b = line["board"]
    return (
        g["X"] - 2 <= b["x"]
        and b["x"] + b["width"] <= g["X"] + g["WIDTH"] + 2
        and g["Y"] - 40 <= b["y"]
        and b["y"] + b["height"] <= g["Y"] + g["HEIGHT"] + 2
    )


def cells(line):
    return line["text"].split("\n")


def cell(line, row, col):
    rows = cells(line)
    return rows[row][col] if row < len(rows) and col < len(rows[row]) else None


def over(line, mines):
    """Whether the game in this log line has ended (a mine shown, or only mines left covered)."""
    text = line["text"]
    return "*" in text or "!" in text or text.count(".") + text.count("F") == mines


class Sampler(threading.Thread):
    """Live's RSS and CPU every `period` seconds, into a CSV."""

    def __init__(self, pid, period, path, clock):
        super().__init__(daemon=True)
        self.pid, self.period, self.clock = pid, period, clock
        self.rows = []
        self.phase = "no game"
        self.stop = threading.Event()
        self.file = open(path, "w", newline="")
        self.csv = csv.writer(self.file)
        self.csv.writerow(["seconds", "phase", "rss_mib", "cpu_percent_of_one_core"])

    def ticks(self):
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    def rss_mib(self):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def run(self):
        hz = os.sysconf("SC_CLK_TCK")
        try:
            last_ticks, last_time = self.ticks(), time.monotonic()
            while not self.stop.wait(self.period):
                ticks, now = self.ticks(), time.monotonic()
                cpu = 100 * (ticks - last_ticks) / hz / (now - last_time)
                last_ticks, last_time = ticks, now
                row = (round(self.clock(), 1), self.phase, round(self.rss_mib(), 1), round(cpu, 2))
                self.rows.append(row)
                self.csv.writerow(row)
                self.file.flush()
        except FileNotFoundError:
            pass  # live has exited; the driver reports that


class Soak:
    def __init__(self, args):
        self.args = args
        self.out = Path(args.out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.desk = Desk(Path(__file__).resolve().parent.parent)
        self.random = random.Random(20)
        self.failures = []
        self.clicks = Counter()
        # Tiles of this game live read as still covered after they were opened.
        self.read_covered = set()
        self.refused_resizes = 0
        self.games = Counter()
        self.events = []
        self.game_index = 0
        self.mines = GAMES[0][2]

    def fail(self, message):
        say(f"FAIL {message}")
        self.failures.append(message)
        # The screen as it was, for the diagnosis.
        shot = self.out / f"failure-{len(self.failures)}.png"
        subprocess.run(["import", "-window", "root", str(shot)], capture_output=True, timeout=30)
        say(f"  the screen then: {shot}")

    def clock(self):
        return time.monotonic() - self.started

    # --- the game -------------------------------------------------------------------------------

    def open_game(self):
        games = [GAMES[int(i)] for i in self.args.games.split(",")] if self.args.games else GAMES
        name, start, self.mines = games[self.game_index % len(games)]
        self.read_covered = set()
        self.desk.start_game(start)
        self.games[name] += 1

    def new_game(self, advance):
        self.desk.stop_game()
        if advance:
            self.game_index += 1
        self.open_game()

    # --- events ---------------------------------------------------------------------------------

    def event(self, kind):
        before = len(self.log.poll())
        desk = self.desk
        began = time.monotonic()
        if kind == "new game":
            self.new_game(advance=True)
        elif kind == "restart":
            desk.stop_game()
            time.sleep(3)  # live notices the window closed and waits
            before = len(self.log.poll())
            began = time.monotonic()
            self.open_game()
        elif kind == "move":
            x, y = self.random.randrange(0, 900), self.random.randrange(0, 500)
            desk.xdotool("windowmove", "--sync", desk.window, x, y)
        elif kind == "resize":
            g = desk.geometry()
            w = max(200, int(g["WIDTH"] * self.random.choice([0.8, 1.25, 1.5])))
            h = max(200, int(g["HEIGHT"] * self.random.choice([0.8, 1.25, 1.5])))
            desk.xdotool("windowsize", "--sync", desk.window, min(w, 1800), min(h, 1000))
            time.sleep(0.5)
            after = desk.geometry()
            if (after["WIDTH"], after["HEIGHT"]) == (g["WIDTH"], g["HEIGHT"]):
                # A game of fixed size (xdemineur) refuses the new size: nothing changed on the
                # screen, so live has nothing new to log; it must still be following the board.
                self.refused_resizes += 1
                last = self.log.poll()[-1:]
                if not last or not inside_window(after, last[0]):
                    self.fail(f"resize at {self.clock():.0f} s (kept by the game): live's last "
                              f"board is not inside the window ({desk.describe()})")
                else:
                    say(f"resize at {self.clock():.0f} s: the game kept its size")
                return
        elif kind == "minimise":
            desk.xdotool("windowminimize", "--sync", desk.window)
            time.sleep(3)
            before = len(self.log.poll())
            began = time.monotonic()
            desk.restore()
        elif kind == "compositor stop":
            desk.stop_compositor()
        elif kind == "compositor start":
            desk.start_compositor()
        # The board read again, inside the game's window (asked for when the line comes: a
        # window being mapped can report a passing position).
        def inside(line):
            return inside_window(desk.geometry(), line)

        line = self.log.wait_for(before, inside, REFIND_LIMIT)
        took = time.monotonic() - began
        if line is None:
            self.fail(f"{kind} at {self.clock():.0f} s: live did not read the board again within "
                      f"{REFIND_LIMIT:.0f} s (window {desk.window}: {desk.describe()})")
        else:
            say(f"{kind} at {self.clock():.0f} s: board read again after {took:.2f} s")
        self.events.append((kind, None if line is None else took))

    # --- clicks ---------------------------------------------------------------------------------

    def play_once(self):
        """One click the advice names, checked; or a new game when this one has ended."""
        lines = self.log.poll()
        if not lines:
            return
        line = lines[-1]
        if not line["consistent"]:
            return
        if over(line, self.mines):
            lost = "!" in line["text"] or "*" in line["text"]
            self.clicks["games lost" if lost else "games won"] += 1
            self.new_game(advance=False)
            self.log.wait_for(len(lines), lambda _: True, REFIND_LIMIT)
            return
        fresh = lambda m: (m["row"], m["col"]) not in self.read_covered
        opens = [m for m in line["moves"] if m["action"] == "open" and fresh(m)]
        flags = [m for m in line["moves"] if m["action"] == "flag" and fresh(m)]
        if flags and self.clicks["clicks"] % 4 == 3:
            pick, kind, button = flags[0], "flag", 3
        elif opens:
            pick, kind, button = opens[0], "open", 1
        elif line["best_guess"] is not None and fresh(line["best_guess"]):
            pick, kind, button = line["best_guess"], "guess", 1
        else:
            return
        row, col = pick["row"], pick["col"]
        if cell(line, row, col) != ".":
            return
        b = line["board"]
        pitch_x, pitch_y = b["width"] / line["cols"], b["height"] / line["rows"]
        x = int(b["x"] + (col + 0.5) * pitch_x)
        y = int(b["y"] + (row + 0.5) * pitch_y)
        before = len(lines)
        # The tile's middle before the click: whether the game changed it tells a click live
        # missed from one the game ignored (a tile live reads as covered that is open).
        half_w, half_h = max(2, int(pitch_x / 4)), max(2, int(pitch_y / 4))
        tile = (x - half_w, y - half_h, 2 * half_w, 2 * half_h)
        shown_before = self.desk.pixels(*tile)
        self.desk.click(x, y, button)
        self.clicks["clicks"] += 1
        self.clicks[kind] += 1
        after = self.log.wait_for(
            before, lambda l: l["board"] == b and cell(l, row, col) not in (".", None), CLICK_LIMIT
        )
        if after is None and any(
            l["board"] == b and l["text"] != line["text"] for l in self.log.poll()[before:]
        ):
            # Live followed the game (its reading changed) but still reads this tile covered:
            # where the tiles' looks disagree with the rules, the reading gives up tiles rather
            # than guess them (less advice, never wrong). Not clicked again this game.
            self.clicks["read covered"] += 1
            self.read_covered.add((row, col))
            say(f"a {kind} click on row {row} col {col} took effect, but live reads the tile "
                f"as still covered")
            return
        shown_after = self.desk.pixels(*tile) if after is None and shown_before else None
        if shown_after is not None and shown_after == shown_before:
            # The game did not change the tile: it is open already (live gave it up as covered
            # on an earlier frame, less advice, never wrong) and its advice to open it is moot.
            self.clicks["read covered"] += 1
            self.read_covered.add((row, col))
            say(f"a {kind} click on row {row} col {col} changed nothing in the game: the tile "
                f"is open, live reads it as covered")
            return
        if shown_after is not None and not any(
            l["board"] == b for l in self.log.poll()[before:]
        ):
            # The game changed the tile (the click reached it) and live's reading did not change
            # at all: the tile it opened is read as covered still (a look live cannot read
            # surely, given up: less advice, never wrong), so live had nothing new to say. A
            # live that stopped reading would miss the next event's re-find, a failure there.
            self.clicks["read covered"] += 1
            self.read_covered.add((row, col))
            say(f"a {kind} click on row {row} col {col} changed the tile in the game, but live "
                f"reads the board as before (the tile as covered)")
            return
        if after is None:
            self.clicks["missed"] += 1
            self.fail(f"a {kind} click on row {row} col {col} at ({x}, {y}) at "
                      f"{self.clock():.0f} s did not take effect within {CLICK_LIMIT:.0f} s")
            return
        shown = cell(after, row, col)
        if kind == "open" and shown in "!*":
            self.fail(f"row {row} col {col} was called safe and was a mine")
        if kind == "flag" and shown != "F":
            self.fail(f"row {row} col {col} was called a mine and shows {shown!r}")

    # --- the run --------------------------------------------------------------------------------

    def run(self):
        args = self.args
        self.desk.start_compositor()
        log_path = self.out / "live.jsonl"
        self.stderr_path = self.out / "live.stderr"
        env = dict(os.environ, RUST_LOG=os.environ.get("SOAK_RUST_LOG", "error,minehint=info"))
        self.started = time.monotonic()
        self.live = subprocess.Popen(
            [args.binary, "live", "--no-profile", "--log-json", str(log_path), "--stats"],
            stderr=open(self.stderr_path, "w"),
            env=env,
        )
        self.log = Log(log_path)
        period = min(10.0, max(1.0, (args.idle + args.play) / 60))
        sampler = Sampler(self.live.pid, period, self.out / "resources.csv", self.clock)
        sampler.start()
        say(f"live runs (pid {self.live.pid}); {args.idle} s with no game")
        time.sleep(args.idle)
        if self.log.poll():
            self.fail("live logged a board with no game on the screen")
        sampler.phase = "play"
        self.play_started = self.clock()
        say(f"{args.play} s of play, an event every {args.event_every} s")
        self.open_game()
        end = time.monotonic() + args.play
        next_event = time.monotonic() + args.event_every
        schedule = args.events.split(",")
        compositor_at = max(1, round(args.play / args.event_every * 0.4))
        done_events = 0
        while time.monotonic() < end:
            if self.live.poll() is not None:
                self.fail(f"live exited early with status {self.live.returncode}")
                break
            if time.monotonic() >= next_event:
                done_events += 1
                if done_events == compositor_at:
                    kind = "compositor stop"
                elif done_events == compositor_at + 1:
                    kind = "compositor start"
                else:
                    kind = schedule.pop(0)
                    schedule.append(kind)
                self.event(kind)
                next_event = time.monotonic() + args.event_every
                continue
            began = time.monotonic()
            self.play_once()
            # About one click a second: a player's pace.
            time.sleep(max(0.2, 1.0 - (time.monotonic() - began)))
        if self.desk.compositor is None:
            self.desk.start_compositor()
        sampler.stop.set()
        sampler.join()
        # Ctrl-C ends live; it prints its figures then.
        if self.live.poll() is None:
            self.live.send_signal(signal.SIGINT)
            try:
                self.live.wait(15)
            except subprocess.TimeoutExpired:
                self.fail("live did not exit within 15 s of Ctrl-C")
                self.live.kill()
                self.live.wait()
        if self.live.returncode != 0:
            self.fail(f"live exited with status {self.live.returncode}")
        self.desk.stop_game()
        self.report(sampler.rows)
        return 1 if self.failures else 0

    def report(self, samples):
        stderr = ANSI.sub("", self.stderr_path.read_text(errors="replace"))
        lines = self.log.poll()
        out = []
        minutes = (self.args.idle + self.args.play) / 60
        out.append(f"soak of {minutes:.1f} min ({self.args.idle} s with no game, "
                   f"{self.args.play} s of play), live exit status {self.live.returncode}")
        if "panicked" in stderr:
            self.fail("live panicked (see live.stderr)")
        played = ", ".join(f"{n} x{c}" for n, c in self.games.items())
        out.append(f"games started: {sum(self.games.values())} ({played}); "
                   f"won {self.clicks['games won']}, lost {self.clicks['games lost']}")
        out.append(f"clicks: {self.clicks['clicks']} ({self.clicks['open']} safe opens, "
                   f"{self.clicks['guess']} guesses, {self.clicks['flag']} flags), "
                   f"{self.clicks['clicks'] - self.clicks['missed']} took effect "
                   f"({self.clicks['read covered']} of them on a tile live read as still "
                   f"covered), {self.clicks['missed']} missed")
        inconsistent = sum(1 for l in lines if not l["consistent"])
        if inconsistent:
            self.fail(f"{inconsistent} log lines read an inconsistent board")
        out.append(f"log lines: {len(lines)}, inconsistent: {inconsistent}")
        by_kind = {}
        for kind, took in self.events:
            by_kind.setdefault(kind, []).append(took)
        for kind, times in by_kind.items():
            ok = [t for t in times if t is not None]
            worst = f", slowest {max(ok):.2f} s" if ok else ""
            med = f"median {statistics.median(ok):.2f} s" if ok else "never"
            out.append(f"event {kind}: {len(times)} times, board read again {len(ok)} of "
                       f"{len(times)} ({med}{worst})")
        if self.refused_resizes:
            out.append(f"event resize kept by the game (its size is fixed): "
                       f"{self.refused_resizes} times, live still on the board each time")
        notes = Counter()
        for line in stderr.splitlines():
            for kind, pattern in NOTE_KINDS:
                if pattern.search(line):
                    notes[kind] += 1
        out.append("live's notes: " + ", ".join(f"{k} {c}" for k, c in notes.items()))
        stats = [l for l in stderr.splitlines() if l.startswith("live stats")]
        out.append(stats[-1] if stats else "no live stats line (live did not exit cleanly)")
        if not stats:
            self.fail("live printed no stats")
        out.extend(self.resources(samples))
        if self.failures:
            out.append(f"FAILED: {len(self.failures)} checks")
            out.extend(f"  - {f}" for f in self.failures)
        else:
            out.append("all checks passed")
        text = "\n".join(out)
        (self.out / "summary.txt").write_text(text + "\n")
        print("\n" + text)
        if self.failures:
            tail = stderr.splitlines()[-30:]
            print("live.stderr, last lines:\n  " + "\n  ".join(tail))

    def resources(self, samples):
        idle = [s for s in samples if s[1] == "no game"]
        play = [s for s in samples if s[1] == "play"]
        out = []
        if idle:
            out.append(f"no game: CPU mean {statistics.mean(s[3] for s in idle):.2f}% of one core, "
                       f"RSS {idle[-1][2]:.1f} MiB")
        if len(play) >= 8:
            # Flat means the last stretch is no higher than the stretch after the warm-up.
            warm = play[len(play) // 8:]
            span = max(1, len(warm) // 5)
            early, late = warm[:span], warm[-span:]
            rss_early = statistics.median(s[2] for s in early)
            rss_late = statistics.median(s[2] for s in late)
            cpu_early = statistics.mean(s[3] for s in early)
            cpu_late = statistics.mean(s[3] for s in late)
            out.append(f"play: RSS {rss_early:.1f} MiB after warm-up, {rss_late:.1f} MiB at the end, "
                       f"max {max(s[2] for s in play):.1f} MiB; CPU mean "
                       f"{statistics.mean(s[3] for s in play):.1f}% of one core "
                       f"({cpu_early:.1f}% early, {cpu_late:.1f}% late)")
            if self.args.play >= 1200 and rss_late > rss_early * 1.1 + 5:
                self.fail(f"RSS grew from {rss_early:.1f} to {rss_late:.1f} MiB during play")
        out.append(f"samples: {len(samples)} in {self.out / 'resources.csv'}")
        return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--play", type=int, default=3600)
    parser.add_argument("--idle", type=int, default=600)
    parser.add_argument("--event-every", type=int, default=60)
    parser.add_argument("--out", default="target/soak")
    parser.add_argument("--events", default=",".join(EVENTS), help="the events, in turn")
    parser.add_argument("--games", help="the games to play, by number in GAMES (0-4), in turn")
    args = parser.parse_args()
    soak = Soak(args)
    try:
        status = soak.run()
    finally:
        soak.desk.stop_game()
        if soak.desk.compositor is not None:
            soak.desk.stop_compositor()
        if getattr(soak, "live", None) is not None and soak.live.poll() is None:
            soak.live.kill()
    sys.exit(status)


if __name__ == "__main__":
    main()
