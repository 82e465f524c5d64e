"""The web Minesweeper clones the web sweep plays, and how to read each one's own game state.

Each clone is an open-source package from the npm registry, installed at run time into a cache
outside the project (nothing of theirs is committed), served on 127.0.0.1 and played in
Chromium. The state comes from the page itself through the DevTools protocol: the script of a
clone returns, for every cell, its rectangle in CSS pixels and its board character (`.`
covered, `?`, `F`, digits, `*` mine shown, `!` the exploded one, `W` a wrong flag), so no label
is ever given by eye.
"""

import fcntl
import subprocess
from pathlib import Path

CACHE = Path.home() / ".cache" / "minehint-web"


class Clone:
    """One web clone: its npm package, the page that shows it, and the script that reads it."""

    def __init__(self, name, package, version, page, state_js, flag_with):
        self.name, self.package, self.version = name, package, version
        # Path of the page under the package's install folder, or None for a page of ours that
        # only embeds the clone's own script (HOST_PAGES).
        self.page = page
        self.state_js = state_js
        # How a player flags a tile: "right" (a right click) or "ctrl" (Ctrl and a left click).
        self.flag_with = flag_with

    def folder(self):
        return CACHE / f"{self.package}-{self.version}"

    def install(self):
        """Installs the package from the npm registry, once; returns the folder served."""
        folder = self.folder()
        folder.mkdir(parents=True, exist_ok=True)
        # Tests run side by side may install the same clone at once: one installs, the others
        # wait for it.
        with open(folder / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (folder / "node_modules" / self.package).exists():
                subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix",
                                str(folder), f"{self.package}@{self.version}"], check=True,
                               timeout=300, capture_output=True)
        if self.page is None:
            (folder / "index.html").write_text(HOST_PAGES[self.name])
        return folder

    def url(self, port, cols, rows, mines):
        page = self.page or "index.html"
        return f"http://127.0.0.1:{port}/{page}?cols={cols}&rows={rows}&mines={mines}"


# react-minesweeper ships its own demo page (a 10x10 board with a mine chance of 15%): its
# cells are table cells whose classes say everything. A cell keeps `_cloud` while covered; after
# a loss every cell is shown, mines with `_bomb`, and the one that exploded is not told apart.
REACT_STATE = """(() => {
  const rows = [...document.querySelectorAll('.minesweeper__row')];
  const lost = !!document.querySelector('.minesweeper_lost');
  const cells = rows.map(row => [...row.querySelectorAll('.minesweeper__field')].map(td => {
    const c = td.classList, r = td.getBoundingClientRect();
    let ch;
    if (c.contains('minesweeper__field_cloud')) ch = c.contains('minesweeper__field_flag') ? 'F' : '.';
    else if (c.contains('minesweeper__field_bomb')) ch = '*';
    else ch = [...c].map(k => k.match(/^minesweeper__field_(\\d)$/)).filter(Boolean)[0][1];
    return {ch, x: r.left, y: r.top, w: r.width, h: r.height,
            mine: c.contains('minesweeper__field_bomb')};
  }));
  return JSON.stringify({cells, lost, won: !!document.querySelector('.minesweeper_won')});
})()"""

# minesweeper-for-web is a web component (its own SVG tiles, classic look) whose engine holds the
# board: revealed fields, flags, question marks and each position's value.
WEB_COMPONENT_STATE = """(() => {
  const game = document.querySelector('minesweeper-game');
  const b = game.engine.board;
  const fields = [...game.shadowRoot.querySelectorAll('.sweeper-field')];
  let exploded = false;
  const cells = b.positions.map((row, y) => row.map((value, x) => {
    const td = fields.find(f => +f.dataset.row === y && +f.dataset.column === x);
    const r = td.getBoundingClientRect();
    const revealed = b.revealedFields[y][x], flag = b.flags[y][x];
    let ch;
    if (revealed) {
      if (typeof value === 'number') ch = flag ? 'W' : String(value);
      else if (value === 'BOMB_EXPLODE') { ch = '!'; exploded = true; }
      else ch = flag ? 'F' : '*';
    } else ch = b.questionMarks[y][x] ? '?' : flag ? 'F' : '.';
    return {ch, x: r.left, y: r.top, w: r.width, h: r.height, mine: typeof value === 'string'};
  }));
  return JSON.stringify({cells, lost: exploded, won: false});
})()"""

HOST_PAGES = {
    "webcomponent": """<!doctype html>
<html><head><meta charset="utf-8"><title>Minesweeper (minesweeper-for-web)</title>
<style>body { font-family: sans-serif; margin: 24px; } h1 { font-size: 20px; }</style></head>
<body><h1>Minesweeper</h1><p>Mines left: <span id="left"></span></p>
<div id="game"></div>
<script type="module">
  import './node_modules/minesweeper-for-web/dist/custom-element.js';
  const q = new URLSearchParams(location.search);
  const g = document.createElement('minesweeper-game');
  g.setAttribute('columns', q.get('cols') || 9);
  g.setAttribute('rows', q.get('rows') || 9);
  g.setAttribute('bombs', q.get('mines') || 10);
  g.setAttribute('bomb-counter-selector', '#left');
  document.getElementById('game').appendChild(g);
</script></body></html>
""",
}

CLONES = {
    "react": Clone("react", "react-minesweeper", "1.0.2",
                   "node_modules/react-minesweeper/demo/dist/index.html", REACT_STATE, "right"),
    "webcomponent": Clone("webcomponent", "minesweeper-for-web", "3.0.4", None,
                          WEB_COMPONENT_STATE, "ctrl"),
}
