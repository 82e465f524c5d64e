"""The web Minesweeper clones the web sweep plays, and how to read each one's own game state.

Each clone is open-source code installed at run time into a cache outside the project (nothing
of theirs is committed), served on 127.0.0.1 and played in Chromium. Most come from the npm
registry; a clone published only as a public Git repository is cloned at a pinned commit (from
GitHub, or, on a machine without it, from a folder of copies named by MINEHINT_WEB_MIRROR, each
`owner+name/repo`). The state comes from the page itself through the DevTools protocol: the script of a
clone returns, for every cell, its rectangle in CSS pixels and its board character (`.`
covered, `?`, `F`, digits, `*` mine shown, `!` the exploded one, `W` a wrong flag), so no label
is ever given by eye.
"""

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

CACHE = Path.home() / ".cache" / "minehint-web"


class Clone:
    """One web clone: its npm package or Git repository, the page that shows it, and the script
    that reads it."""

    def __init__(self, name, package, version, page, state_js, flag_with, setup_js=None,
                 init_js=None, query="cols=%(cols)d&rows=%(rows)d&mines=%(mines)d"):
        # `package` is an npm package, or "github:owner/name" with `version` a commit.
        self.name, self.package, self.version = name, package, version
        # Path of the page under the package's install folder, or None for a page of ours that
        # only embeds the clone's own script (HOST_PAGES).
        self.page = page
        self.state_js = state_js
        # How a player flags a tile: "right" (a right click), "ctrl" (Ctrl and a left click),
        # or None where the clone has no flags (a right click there opens the browser's menu).
        self.flag_with = flag_with
        # A script run once the page shows its board, formatted with cols, rows and mines: how
        # a clone without URL settings is set to the board asked for (None: the URL says it).
        self.setup_js = setup_js
        # A script run before the page's own, on every page load (None: nothing).
        self.init_js = init_js
        # The page's URL query for a board, formatted with cols, rows and mines (a clone that
        # reads its size from the URL names the parameters its own way).
        self.query = query

    def folder(self):
        return CACHE / f"{self.package.replace('github:', '').replace('/', '+')}-{self.version}"

    def install(self):
        """Installs the clone from the npm registry or its Git repository, once; returns the folder
        served."""
        folder = self.folder()
        folder.mkdir(parents=True, exist_ok=True)
        # Tests run side by side may install the same clone at once: one installs, the others
        # wait for it.
        with open(folder / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if self.package.startswith("github:"):
                self.clone_repository(folder)
            elif not (folder / "node_modules" / self.package).exists():
                subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix",
                                str(folder), f"{self.package}@{self.version}"], check=True,
                               timeout=300, capture_output=True)
        if self.page is None:
            (folder / "index.html").write_text(HOST_PAGES[self.name])
        return folder

    def clone_repository(self, folder):
        """Checks out the clone's repository at its pinned commit into `folder`, once."""
        if (folder / ".checked-out").exists():
            return
        repo = self.package.removeprefix("github:")
        mirror = os.environ.get("MINEHINT_WEB_MIRROR")
        source = (str(Path(mirror) / repo.replace("/", "+") / "repo") if mirror
                  else f"https://github.com/{repo}.git")
        work = folder / "checkout"
        shutil.rmtree(work, ignore_errors=True)
        try:
            subprocess.run(["git", "clone", "--quiet", "--no-checkout", source, str(work)],
                           check=True, timeout=300, capture_output=True)
            subprocess.run(["git", "-C", str(work), "checkout", "--quiet", self.version],
                           check=True, timeout=60, capture_output=True)
        except subprocess.CalledProcessError as err:
            raise RuntimeError(f"cannot check out {repo} at {self.version} from {source}: "
                               f"{err.stderr.decode(errors='replace').strip()} (set "
                               "MINEHINT_WEB_MIRROR to a folder of copies on a machine "
                               "without GitHub)") from err
        for item in work.iterdir():
            if item.name != ".git":
                item.rename(folder / item.name)
        shutil.rmtree(work)
        (folder / ".checked-out").write_text(self.version + "\n")

    def url(self, port, cols, rows, mines):
        page = self.page or "index.html"
        query = self.query % {"cols": cols, "rows": rows, "mines": mines}
        return f"http://127.0.0.1:{port}/{page}?{query}"


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
    # winmine.html is made to open in a window of its board's own size (a pop-up, or a frame
    # in another page, as its README shows); in a whole browser window it stretches its tiles
    # to fill it. Ours frames it at about its own size, a few pixels over, as a player sizes
    # such a window by hand.
    "winmine": """<!doctype html>
<html><head><meta charset="utf-8"><title>winmine.html</title>
<style>body { font-family: sans-serif; margin: 24px; } h1 { font-size: 20px; }
iframe { border: 0; display: block; }</style></head>
<body><h1>Minesweeper</h1>
<script>
  const q = new URLSearchParams(location.search);
  const width = +(q.get('width') || 9), height = +(q.get('height') || 9);
  const f = document.createElement('iframe');
  f.src = 'source/index.html' + location.search;
  f.width = width * 16 + 27;
  f.height = height * 16 + 93;
  document.body.appendChild(f);
</script></body></html>
""",
    "svgtag": """<!doctype html>
<html><head><meta charset="utf-8"><title>MineSweeper Tag</title>
<style>body { background-color: rgb(3, 130, 136); margin: 0; }
.container { display: flex; justify-content: center; padding: 60px; }
.outbox { width: 550px; }</style>
<script>process = { env: { NODE_ENV: null } };</script></head>
<body><div class="container"><div class="outbox" id="outbox"></div></div>
<script type="module">
  import { mine_sweeper } from './dist/mine-sweeper.es.js';
  const q = new URLSearchParams(location.search);
  const game = document.createElement('mine-sweeper');
  game.setAttribute('cols', q.get('cols') || '9');
  game.setAttribute('bomb', q.get('mines') || '10');
  document.getElementById('outbox').appendChild(game);
  customElements.define('mine-sweeper', mine_sweeper);
</script></body></html>
""",
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

# Piyushh-977/minesweeper-game: a flat light look (grey tiles, plain coloured digits, emoji flags
# and mines), a plain script whose `gameState` is a global. It has no URL settings: its own
# difficulty buttons set 9x9, 16x16 or 30x16. A lost game shows every mine, none told apart.
FLAT_STATE = """(() => {
  const s = gameState;
  const cols = {BEGINNER: 9, INTERMEDIATE: 16, EXPERT: 30}[s.difficulty];
  const fields = [...document.querySelectorAll('#board .cell')];
  const cells = [];
  s.board.forEach((f, i) => {
    const r = fields[i].getBoundingClientRect();
    let ch;
    if (f.revealed) ch = f.hasMine ? '*' : String(f.adjacentMines);
    else ch = f.flagged ? 'F' : '.';
    if (i % cols === 0) cells.push([]);
    cells[cells.length - 1].push({ch, x: r.left, y: r.top, w: r.width, h: r.height,
                                  mine: f.hasMine});
  });
  const lost = s.gameOver && s.board.some(f => f.revealed && f.hasMine);
  return JSON.stringify({cells, lost, won: s.gameOver && !lost});
})()"""

FLAT_SETUP = """(() => {
  const wanted = {'9x9': 0, '16x16': 1, '30x16': 2}['%(cols)dx%(rows)d'];
  if (wanted !== undefined) document.querySelectorAll('.diff-buttons')[wanted].click();
})()"""

# juliansalvador727/minesweeper: Google's look (a green checkerboard, sand-coloured open tiles,
# emoji flags) on a dark dotted page at 80% opacity; 18x14 with 40 mines, laid on the first
# click (so a fresh board has none yet: `total` says how many will be). A lost game shows only
# the exploded mine, for a second, then an alert and a new game; the alert is silenced (a page
# dialog would block the DevTools protocol), so a lost board is caught if the capture is quick.
CHECKER_STATE = """(() => {
  const exploded = grid.some(row => row.some(f => f.revealed && f.mine));
  const cells = grid.map(row => row.map(f => {
    const r = f.element.getBoundingClientRect();
    let ch;
    if (f.revealed) ch = f.mine ? '!' : String(f.adjacentMines);
    else ch = f.flagged ? 'F' : '.';
    return {ch, x: r.left, y: r.top, w: r.width, h: r.height, mine: f.mine};
  }));
  return JSON.stringify({cells, lost: exploded, won: false, total: currentMineCount});
})()"""

# AryanPanda1/basic-minesweeper ("Modern Minesweeper"): covered and open tiles of the same flat
# grey (#ecf0f1; #2c3e50 in its own dark theme), told apart only by the open tiles' 2 px border,
# digits of one colour, a covered tile lit under the pointer, emoji flags on yellow and emoji
# mines on red, and a "Game Over" box over the middle of the page after a loss. Its mines are
# laid before the first click. The pinned commit is the last whose page has every element its
# script asks for. The game object is held only by the page's load handler, so a setter on
# Object.prototype, installed before the page's scripts, keeps it when its constructor first
# assigns `difficulties`, and then steps aside (the object gets a plain property).
MODERN_INIT = """Object.defineProperty(Object.prototype, 'difficulties', {
  configurable: true,
  set(value) {
    window.minehintGame = this;
    Object.defineProperty(this, 'difficulties',
                          {value, writable: true, enumerable: true, configurable: true});
  },
});"""

MODERN_STATE = """(() => {
  const g = window.minehintGame;
  const fields = [...document.querySelectorAll('#game-board .cell')];
  const cells = g.board.map((row, y) => row.map((f, x) => {
    const r = fields[y * g.cols + x].getBoundingClientRect();
    let ch;
    if (f.isRevealed) ch = f.isMine ? '*' : String(f.neighborMines);
    else ch = f.isFlagged ? 'F' : '.';
    return {ch, x: r.left, y: r.top, w: r.width, h: r.height, mine: f.isMine};
  }));
  const lost = g.gameOver && g.board.some(row => row.some(f => f.isRevealed && f.isMine));
  return JSON.stringify({cells, lost, won: g.gameOver && !lost});
})()"""

# A difficulty list (id `difficulty`) of beginner, intermediate and expert, whose change starts
# a new game of that size (Modern Minesweeper's and the emoji clone's).
DIFFICULTY_LIST = """
  const level = {'9x9': 'beginner', '16x16': 'intermediate', '30x16': 'expert'}['%(cols)dx%(rows)d'];
  const select = document.getElementById('difficulty');
  if (level && select.value !== level) {
    select.value = level;
    select.dispatchEvent(new Event('change'));
  }"""

# Its difficulty list sets the size; a player whose browser is dark clicks its own theme button.
MODERN_SETUP = """(() => {""" + DIFFICULTY_LIST + """
  if (matchMedia('(prefers-color-scheme: dark)').matches
      && document.body.getAttribute('data-theme') !== 'dark') {
    document.getElementById('theme-toggle').click();
  }
})()"""

# mrglaster/js-minesweeper-game draws every tile as a 16 px picture of its own (bevelled covered
# tiles, hand-drawn italic digits) scaled up by the browser inside a 2 px dark frame: a look
# no other clone here has. Its 12x12 board lays about one mine in five at load, with no count
# shown. Each cell is labelled by the picture it shows, which is what a player sees: after a
# loss the tile that exploded shows the open face (the page draws it last), the other mines the
# bomb, a wrong flag stays a flag.
PIXEL_STATE = """(() => {
  const tiles = [...document.querySelectorAll('.grid > img.tile')];
  const dim = Math.round(Math.sqrt(tiles.length));
  const shown = {tile_default: '.', tile_flag: 'F', tile_bomb: '*', tile_checked: '0',
                 tile_one: '1', tile_two: '2', tile_three: '3', tile_four: '4', tile_five: '5',
                 tile_six: '6', tile_seven: '7', tile_eight: '8'};
  const cells = [];
  for (let y = 0; y < dim; y++) {
    const row = [];
    for (let x = 0; x < dim; x++) {
      const t = tiles[y * dim + x];
      const picture = t.getAttribute('src').split('/').pop().replace('.png', '');
      const r = t.getBoundingClientRect();
      row.push({ch: shown[picture] || '?', x: r.left, y: r.top, w: r.width, h: r.height,
                mine: bombs.includes(`${x},${y}`)});
    }
    cells.push(row);
  }
  const lost = gameOver && tiles.some(t => t.classList.contains('tile--bomb'));
  return JSON.stringify({cells, lost, won: gameOver && !lost});
})()"""

# The page wraps its tiles in a box 370 CSS px wide, meant for 12 tiles of 29 px; where the
# device pixel ratio thins the 2 px frames, 13 fit, and the board shown no longer matches the
# game's own 12-wide one (its numbers then count the wrong tiles). Laid out as 12 columns, it
# shows the game as written.
PIXEL_SETUP = """(() => {
  const grid = document.querySelector('.grid');
  grid.style.display = 'grid';
  grid.style.gridTemplateColumns = 'repeat(12, max-content)';
})()"""

# cp-alley/js-minesweeper draws the classic look with a table: raised cells of CSS borders
# (white above and left, grey below and right) on gainsboro, open cells flat with a one-pixel
# grey line above and left, bold monospace digits in the classic colours, the emoji flag and
# bomb. Its mines are laid on the first click; a loss uncovers every mine as a bomb, the one
# clicked included, and writes "Game over!" below the board. The game is a top-level `let` of
# the page's script.
TABLE_STATE = """(() => {
  const cells = game.board.map(row => row.map(c => {
    const r = document.getElementById(c.id).getBoundingClientRect();
    let ch;
    if (c.clicked) ch = c.mine === 1 ? '*' : String(c.mineCount);
    else ch = c.flagged ? 'F' : '.';
    return {ch, x: r.left, y: r.top, w: r.width, h: r.height, mine: c.mine === 1};
  }));
  const lost = game.gameOver;
  return JSON.stringify({cells, lost, won: !lost && game.isWon()});
})()"""

# Its difficulty list sets the size; a new game starts from the form.
TABLE_SETUP = """(() => {
  const level = {'9x9': 'easy', '16x16': 'medium', '30x16': 'hard'}['%(cols)dx%(rows)d'];
  const select = document.getElementById('difficulty');
  if (level && select.value !== level) {
    select.value = level;
    document.getElementById('new-game-form').requestSubmit();
  }
})()"""

# triptych/cline-emoji-minesweeper draws every tile as a colour emoji in a 40 px button with
# 2 px gaps on a pale board: a blue square covered, a white square open and empty, a plain
# coloured digit on the bare board for a number, the emoji flag and bomb. Every click draws the
# board anew, each open tile growing in from 80% over 0.2 s, and the tile under the pointer
# grows by 5%. A loss shows every mine as a bomb, the one clicked included. The game is
# `window.game`; its mines are laid on the first click, away from it and its neighbours.
EMOJI_STATE = """(() => {
  const g = window.game, b = g.board;
  const buttons = [...document.querySelectorAll('#gameBoard > .cell')];
  const cells = [];
  for (let y = 0; y < b.rows; y++) {
    const row = [];
    for (let x = 0; x < b.cols; x++) {
      const c = b.getCell(y, x), r = buttons[y * b.cols + x].getBoundingClientRect();
      let ch;
      if (c.isRevealed) ch = c.isMine ? '*' : String(b.getAdjacentMines(y, x));
      else ch = c.isFlagged ? 'F' : '.';
      row.push({ch, x: r.left, y: r.top, w: r.width, h: r.height, mine: c.isMine});
    }
    cells.push(row);
  }
  const lost = g.gameOver && cells.some(row => row.some(c => c.ch === '*'));
  return JSON.stringify({cells, lost, won: g.gameOver && !lost});
})()"""

# Its difficulty list sets the size and starts a new game.
EMOJI_SETUP = """(() => {""" + DIFFICULTY_LIST + """
})()"""

# RaminduA/Minesweeper-JS draws a fixed 20x20 board with 32 mines in a CSS grid sized in vmin
# (so the window's size, not the page zoom, sets the tile size): rounded navy tiles with gaps
# on a grey board, an open 0 a lighter grey, a number one light grey glyph on dark grey (no
# colour per number), mines a red tile with a cross. The tile under the pointer shrinks to 95%,
# open tiles grow in from nothing over 0.2 s, and a loss covers the page with a 90% black
# message 2.5 s later. It has no flags. Its state lives only in each cell's classes; the cells'
# rectangles come from the grid's own tracks, since a hovered or growing tile's box is shrunk.
ROUNDED_STATE = """(() => {
  const board = document.getElementById('game-board'), s = getComputedStyle(board);
  const b = board.getBoundingClientRect(), els = [...board.querySelectorAll('.cell')];
  const widths = s.gridTemplateColumns.split(' ').map(parseFloat);
  const heights = s.gridTemplateRows.split(' ').map(parseFloat);
  const gapX = parseFloat(s.columnGap), gapY = parseFloat(s.rowGap);
  const cells = [];
  let top = b.top + parseFloat(s.borderTopWidth) + parseFloat(s.paddingTop);
  for (let y = 0; y < heights.length; y++) {
    const row = [];
    let left = b.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft);
    for (let x = 0; x < widths.length; x++) {
      const e = els[y * widths.length + x], c = e.classList;
      let ch = '.';
      if (c.contains('bomb') || c.contains('defuse')) ch = '*';
      else if (c.contains('safe')) ch = '0';
      else if (c.contains('near')) ch = e.innerText.trim();
      row.push({ch, x: left, y: top, w: widths[x], h: heights[y], mine: c.contains('x')});
      left += widths[x] + gapX;
    }
    cells.push(row);
    top += heights[y] + gapY;
  }
  const lost = els.some(e => e.classList.contains('bomb'));
  return JSON.stringify({cells, lost, won: els.some(e => e.classList.contains('defuse'))});
})()"""

# areasoft/winmine.html redraws Windows' own winmine.exe in a page, pixel for pixel from its
# pictures (16 CSS px tiles, the classic bevel, numbers and mine as SVG), in a window frame of
# its own; the URL sets the board. It is framed in a page of ours (HOST_PAGES). A tile held down shows pressed (`active`). Each cell is a
# div `cell_ROW_COL` whose classes say what it shows; the mines are `winmine.mines` (one moves
# away from the first click). Its random numbers come from crypto.getRandomValues, which the
# init script draws from the page's seeded Math.random, so a seed gives the same games.
WINMINE_STATE = """(() => {
  const frame = document.querySelector('iframe'), at = frame.getBoundingClientRect();
  const w = frame.contentWindow.winmine, doc = frame.contentDocument;
  const mines = new Set(w.mines.slice(0, w.mine_count));
  const cells = [];
  for (let y = 0; y < w.height; y++) {
    const row = [];
    for (let x = 0; x < w.width; x++) {
      const e = doc.getElementById('cell_' + y + '_' + x), c = e.classList;
      const box = e.getBoundingClientRect();
      const r = {left: at.left + box.left, top: at.top + box.top, width: box.width,
                 height: box.height};
      const digit = [...c].map(k => k.match(/^c([1-8])$/)).filter(Boolean)[0];
      let ch = '.';
      if (c.contains('triggered-mine')) ch = '!';
      else if (c.contains('mine')) ch = '*';
      else if (c.contains('notmine')) ch = 'W';
      else if (c.contains('flag')) ch = 'F';
      else if (c.contains('question')) ch = '?';
      else if (c.contains('clear')) ch = digit ? digit[1] : '0';
      row.push({ch, x: r.left, y: r.top, w: r.width, h: r.height, mine: mines.has(y + '_' + x)});
    }
    cells.push(row);
  }
  const lost = !!w.game_over && !w.game_win;
  return JSON.stringify({cells, lost, won: !!w.game_over && !!w.game_win, total: w.mine_count});
})()"""

WINMINE_INIT = """crypto.getRandomValues = function (array) {
  for (let i = 0; i < array.length; i++) array[i] = Math.floor(Math.random() * 256);
  return array;
};"""

# DavidNHill/JSMinesweeper, the player and analyser many players know from its site: the board
# is one canvas of classic-looking tiles drawn from pictures (24 px by default, its own tile-size
# list from 8 to 60), beside a column of settings, under a header and an LED mine counter. The URL
# sets the board (`board=WxHxM`). Its own hints and auto play are on by default; a player who
# brings minehint has them off, so the setup turns them off and starts a new game. The client's
# `board` holds what is shown; the mines live in the local game server's game of the same id,
# made on the first click (which is never a mine). After a loss a flag on a mine shows the mine.
JSMINES_STATE = """(() => {
  const at = document.getElementById('myCanvas').getBoundingClientRect();
  const game = typeof getGame === 'function' ? getGame(board.getID()) : null;
  const cells = [];
  for (let y = 0; y < board.height; y++) {
    const row = [];
    for (let x = 0; x < board.width; x++) {
      const t = board.getTileXY(x, y);
      let ch;
      if (t.isBomb()) ch = t.exploded ? '!' : '*';
      else if (t.isFlagged()) ch = t.isBomb() === false ? 'W' : 'F';
      else if (t.isCovered()) ch = '.';
      else ch = String(t.getValue());
      const mine = !!(game && game.tiles.length && game.getTile(y * board.width + x).is_bomb);
      row.push({ch, x: at.left + x * TILE_SIZE, y: at.top + y * TILE_SIZE, w: TILE_SIZE,
                h: TILE_SIZE, mine});
    }
    cells.push(row);
  }
  const over = board.isGameover();
  return JSON.stringify({cells, lost: over && !board.won, won: over && board.won,
                         total: board.num_bombs});
})()"""

JSMINES_SETUP = """(() => {
  document.getElementById('autoplay').checked = false;
  document.getElementById('showhints').checked = false;
  document.getElementById('overlay').value = 'none';
  apply();
})()"""

# kurehajime/minesweeper_tag is a Vue custom element that draws its square board as one SVG, 500
# CSS px wide whatever its size (31.25 px tiles at 16x16): each cell a group of an open face
# (whitesmoke, a black outline, its number or bomb as black-stroked text, the same ink for every
# number), over it a raised cover (light grey, 3 px white and grey bevels) shown or not, and a
# flag emoji. Its mines are laid before the first click; a loss opens every mine as a bomb
# emoji on the open face. It is held out: never trained on. Its page is ours (HOST_PAGES), on
# the teal of the project's own demo. The state comes from the SVG itself: whether each cover is
# shown, the text under it, and whether its flag is.
SVGTAG_STATE = """(() => {
  const svg = document.querySelector('mine-sweeper').shadowRoot.querySelector('svg');
  const groups = [...svg.children].filter(e => e.tagName === 'g');
  const n = Math.round(Math.sqrt(groups.length));
  let lost = false, won = true;
  const cells = [];
  for (let y = 0; y < n; y++) {
    const row = [];
    for (let x = 0; x < n; x++) {
      const [face, mark, cover, flag] = groups[y * n + x].children;
      const r = face.getBoundingClientRect();
      const text = mark.textContent.trim(), mine = text === String.fromCodePoint(0x1F4A3);
      const open = cover.getAttribute('display') === 'none';
      let ch;
      if (open) { ch = mine ? '*' : (text || '0'); lost = lost || mine; }
      else { ch = flag.getAttribute('display') === 'block' ? 'F' : '.'; won = won && mine; }
      row.push({ch, x: r.left, y: r.top, w: r.width, h: r.height, mine});
    }
    cells.push(row);
  }
  return JSON.stringify({cells, lost, won: won && !lost});
})()"""

CLONES = {
    "react": Clone("react", "react-minesweeper", "1.0.2",
                   "node_modules/react-minesweeper/demo/dist/index.html", REACT_STATE, "right"),
    "webcomponent": Clone("webcomponent", "minesweeper-for-web", "3.0.4", None,
                          WEB_COMPONENT_STATE, "ctrl"),
    "flat": Clone("flat", "github:Piyushh-977/minesweeper-game",
                  "757d1ed818205ee66d6dfcf5152c2df023f92c2f", "index.html", FLAT_STATE, "right",
                  FLAT_SETUP),
    "checker": Clone("checker", "github:juliansalvador727/minesweeper",
                     "1d83f527e53d1b41ce59161bd6a36b95a5657ac6", "index.html", CHECKER_STATE,
                     "right", init_js="window.alert = () => {};"),
    "modern": Clone("modern", "github:AryanPanda1/basic-minesweeper",
                    "25525b0bb4b752998925c5a72fcd5a8b05e9a882", "index.html", MODERN_STATE,
                    "right", MODERN_SETUP, MODERN_INIT),
    "pixel": Clone("pixel", "github:mrglaster/js-minesweeper-game",
                   "9aaa41c8013badffcbc7b6324ef07a8d771a96f9", "index.html", PIXEL_STATE,
                   "right", PIXEL_SETUP, init_js="window.alert = () => {};"),
    "table": Clone("table", "github:cp-alley/js-minesweeper",
                   "4586dddc06aaf3fe05e06005b43037d1a5da6546", "index.html", TABLE_STATE, "right",
                   TABLE_SETUP),
    "emoji": Clone("emoji", "github:triptych/cline-emoji-minesweeper",
                   "26e0e8ec8b12e704fabc8f530591f717071dad9e", "index.html", EMOJI_STATE,
                   "right", EMOJI_SETUP),
    "rounded": Clone("rounded", "github:RaminduA/Minesweeper-JS",
                     "fa7a9cec5522a824ff5ef98007edfcde53037e5c", "index.html", ROUNDED_STATE,
                     None),
    "winmine": Clone("winmine", "github:areasoft/winmine.html",
                     "929310c2d1e5b9883fafc0996ba0e034d6116de8", None, WINMINE_STATE, "right", init_js=WINMINE_INIT,
                     query="width=%(cols)d&height=%(rows)d&mines=%(mines)d"),
    "svgtag": Clone("svgtag", "github:kurehajime/minesweeper_tag",
                    "47c71a8e142f57c7d70fd0ff584fa8f9671171d7", None, SVGTAG_STATE, "right"),
    "jsmines": Clone("jsmines", "github:DavidNHill/JSMinesweeper",
                     "d8ff392543623c77e72b34e437ff30d68ca7178a", "index.html", JSMINES_STATE, "right", JSMINES_SETUP,
                     query="board=%(cols)dx%(rows)dx%(mines)d"),
}
